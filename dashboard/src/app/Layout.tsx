import { NavLink, Navigate, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { useLogout, useSession } from './session';
import { Loading } from '../ui/Feedback';
import { LlmBanner } from './LlmBanner';

const SECTIONS = [
  { to: '/agents', label: 'Agents' },
  { to: '/tools', label: 'Tools' },
  { to: '/knowledge-base', label: 'Knowledge base' },
  { to: '/campaigns', label: 'Campaigns' },
  { to: '/runs', label: 'Runs' },
  { to: '/telephony', label: 'Telephony' },
  { to: '/calling-safety', label: 'Calling safety' },
  { to: '/webhooks', label: 'Webhooks' },
  { to: '/credentials', label: 'Credentials' },
  { to: '/api-keys', label: 'API keys' },
];

/** The signed-in frame: navigation, the caller and logout around the page. Signed out, it goes to the login page. */
export function Layout() {
  const session = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const logout = useLogout();
  if (session.isPending) return <Loading />;
  if (!session.data) {
    const next = `${location.pathname}${location.search}`;
    return <Navigate to={`/login?next=${encodeURIComponent(next)}`} replace />;
  }
  const { user, organization } = session.data;
  return (
    <div className="shell">
      <header className="topbar">
        <span className="brand">Voice Agent Calling</span>
        <nav aria-label="Main">
          <ul>
            {SECTIONS.map((section) => (
              <li key={section.to}>
                <NavLink to={section.to}>{section.label}</NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="who">
          <span>
            {user?.email ?? 'API key'} · {organization.name}
          </span>
          <button
            type="button"
            className="link-button"
            onClick={async () => {
              await logout();
              void navigate('/login', { replace: true });
            }}
          >
            Log out
          </button>
        </div>
      </header>
      <main className="page">
        <LlmBanner />
        <Outlet />
      </main>
    </div>
  );
}
