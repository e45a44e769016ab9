import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { api } from '../../api/client';
import { ApiError, unwrap } from '../../api/errors';
import { useDocumentTitle } from '../../app/document-title';
import { fetchSession, SESSION_KEY } from '../../app/session';
import { ErrorMessage } from '../../ui/Feedback';
import { TextField } from '../../ui/Field';

/** Where to go after signing in: the page the user was sent away from, if it is one of ours. */
function nextPage(params: URLSearchParams): string {
  const next = params.get('next');
  return next && next.startsWith('/') && !next.startsWith('//') ? next : '/campaigns';
}

/** The login form (`POST /auth/login`; the API sets the session cookie). */
export function LoginPage() {
  return <AuthForm mode="login" />;
}

/** The sign-up form (`POST /auth/signup`): a new organization and its owner. */
export function SignupPage() {
  return <AuthForm mode="signup" />;
}

function AuthForm({ mode }: { mode: 'login' | 'signup' }) {
  useDocumentTitle(mode === 'login' ? 'Log in' : 'Sign up');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const fieldError = (field: string) => (error instanceof ApiError ? error.forField(field) : undefined);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const email = String(form.get('email') ?? '');
    const password = String(form.get('password') ?? '');
    setBusy(true);
    setError(null);
    try {
      if (mode === 'login') {
        unwrap(await api.POST('/api/v1/auth/login', { body: { email, password } }));
      } else {
        const organization_name = String(form.get('organization_name') ?? '').trim();
        unwrap(
          await api.POST('/api/v1/auth/signup', {
            body: { email, password, ...(organization_name ? { organization_name } : {}) },
          }),
        );
      }
      // Fetched before leaving, so the layout never draws from a cached "signed out".
      await queryClient.fetchQuery({ queryKey: SESSION_KEY, queryFn: fetchSession, staleTime: 0 });
      void navigate(nextPage(params), { replace: true });
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  }

  const title = mode === 'login' ? 'Log in' : 'Sign up';
  return (
    <main className="auth-page">
      <form className="card auth-card" onSubmit={submit} aria-label={title} noValidate>
        <h1>{title}</h1>
        <ErrorMessage error={error} />
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          required
          error={fieldError('email')}
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete={mode === 'login' ? 'current-password' : 'new-password'}
          required
          error={fieldError('password')}
        />
        {mode === 'signup' && (
          <TextField
            label="Organization name"
            name="organization_name"
            autoComplete="organization"
            error={fieldError('organization_name')}
          />
        )}
        <button type="submit" className="primary" disabled={busy}>
          {title}
        </button>
        {mode === 'login' ? (
          <p>
            New here? <Link to={`/signup?${params}`}>Create an account</Link>
          </p>
        ) : (
          <p>
            Have an account? <Link to={`/login?${params}`}>Log in</Link>
          </p>
        )}
      </form>
    </main>
  );
}
