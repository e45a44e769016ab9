/**
 * The dashboard's session cookie, `vac_session`: set by signup and login, read by authentication when a request
 * carries no credential header, cleared by logout and by a 401. HttpOnly (scripts never see the token) and
 * SameSite=Strict (other sites' pages never send it); mutations made with it also need our Origin (same-origin.ts).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_TOKEN_PREFIX } from '../../credentials/tokens';

export const SESSION_COOKIE = 'vac_session';

/** What generateSessionToken makes: the prefix and 32 random bytes in base64url. Anything else is refused unread. */
const SESSION_TOKEN_SHAPE = new RegExp(`^${SESSION_TOKEN_PREFIX}[A-Za-z0-9_-]{43}$`);

/** The attributes every vac_session Set-Cookie carries, setting or clearing. */
function attributes(secure: boolean): string {
  return `Path=/; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
}

/** Whether the cookie gets `Secure`: when clients reach the service over https (PUBLIC_BASE_URL). */
export function cookieIsSecure(publicBaseUrl: string): boolean {
  return new URL(publicBaseUrl).protocol === 'https:';
}

/** The Set-Cookie value that stores a session token for the rest of the session's life. */
export function sessionCookie(token: string, expiresAt: Date, secure: boolean, now = Date.now()): string {
  const maxAge = Math.max(0, Math.floor((expiresAt.getTime() - now) / 1000));
  return `${SESSION_COOKIE}=${token}; Max-Age=${maxAge}; ${attributes(secure)}`;
}

/** The Set-Cookie value that makes the browser drop the cookie. */
export function clearedSessionCookie(secure: boolean): string {
  return `${SESSION_COOKIE}=; Max-Age=0; ${attributes(secure)}`;
}

/** Sets the cookie of a fresh session (signup, login) on the reply. */
export function setSessionCookie(
  reply: FastifyReply,
  session: { token: string; expires_at: string },
  secure: boolean,
): void {
  void reply.header('set-cookie', sessionCookie(session.token, new Date(session.expires_at), secure));
}

/** Clears the cookie on the reply; a second call on the same reply adds nothing. */
export function clearSessionCookie(reply: FastifyReply, secure: boolean): void {
  const cleared = clearedSessionCookie(secure);
  const already = reply.getHeader('set-cookie');
  if (already === cleared || (Array.isArray(already) && already.includes(cleared))) return;
  void reply.header('set-cookie', cleared);
}

/**
 * The value of the request's vac_session cookie, or null when it has none. The value comes back as sent (it may
 * be anything a client chose); check it with looksLikeSessionToken before use.
 */
export function sessionCookieOf(request: FastifyRequest): string | null {
  const header = request.headers.cookie;
  if (typeof header !== 'string') return null;
  for (const pair of header.split(';')) {
    const equals = pair.indexOf('=');
    if (equals < 0 || pair.slice(0, equals).trim() !== SESSION_COOKIE) continue;
    // With several (a stale one under another path), browsers send the most specific first.
    return pair.slice(equals + 1).trim();
  }
  return null;
}

/** Whether a value has the form of a session token (so odd, huge or hostile values never reach the database). */
export function looksLikeSessionToken(value: string): boolean {
  return SESSION_TOKEN_SHAPE.test(value);
}
