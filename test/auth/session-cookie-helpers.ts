import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

export type Inject = (options: InjectOptions) => Promise<LightMyRequestResponse>;

/** The Set-Cookie value that drops the cookie on an http service. */
export const CLEARED = 'vac_session=; Max-Age=0; Path=/; HttpOnly; SameSite=Strict';

/** Headers that present a session token as the dashboard's cookie, and nothing else. */
export const byCookie = (token: string) => ({ cookie: `vac_session=${token}` });

/** Every Set-Cookie header of a response. */
export function setCookies(response: LightMyRequestResponse): string[] {
  const header = response.headers['set-cookie'];
  if (header === undefined) return [];
  return Array.isArray(header) ? header : [String(header)];
}

/** The one vac_session Set-Cookie of a response. */
export function cookieOf(response: LightMyRequestResponse): string {
  const cookies = setCookies(response).filter((cookie) => cookie.startsWith('vac_session='));
  expect(cookies).toHaveLength(1);
  return cookies[0]!;
}
