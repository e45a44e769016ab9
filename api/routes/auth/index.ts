import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { hashToken } from '../../../credentials/tokens';
import { callerOf, presentedCredential } from '../../plugins/authenticate';
import { forbidden, notFound } from '../../errors';
import { clearSessionCookie, cookieIsSecure, setSessionCookie } from '../../auth/session-cookie';
import { findOrganization } from '../../../db/repositories/organizations';
import { deleteSession } from '../../../db/repositories/sessions';
import { findUserById } from '../../../db/repositories/users';
import { logIn, signUp } from './accounts';
import { presentMe } from './me';
import { errorResponses, LoginBody, LogoutBody, MeBody, SessionBody, SignupBody } from './schemas';

const tags = ['auth'];

/** Local auth: signup, login, who-am-I and logout (`/api/v1/auth`). */
const authRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  const secureCookie = cookieIsSecure(ctx.config.http.publicBaseUrl);
  const cookieNote =
    "Also sets the dashboard's session cookie `vac_session` (HttpOnly, SameSite=Strict, Path=/, Max-Age = the " +
    "session's lifetime, Secure when PUBLIC_BASE_URL is https); the token in the body works as a Bearer token.";

  app.post(
    '/signup',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Sign up: creates an organization, its owner and a session',
        description: cookieNote,
        security: [],
        body: SignupBody,
        response: { 201: SessionBody, ...errorResponses(403, 409, 429) },
      },
    },
    async (request, reply) => {
      const session = await signUp(ctx, request.body, request.ip);
      setSessionCookie(reply, session, secureCookie);
      return reply.status(201).send(session);
    },
  );

  app.post(
    '/login',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Log in with email and password; answers a session token',
        description: cookieNote,
        security: [],
        body: LoginBody,
        response: { 200: SessionBody, ...errorResponses(401, 429) },
      },
    },
    async (request, reply) => {
      const session = await logIn(ctx, request.body, request.ip);
      setSessionCookie(reply, session, secureCookie);
      return session;
    },
  );

  app.get(
    '/me',
    {
      schema: {
        tags,
        summary: 'The caller: user, organization, credential kind and scopes',
        response: { 200: MeBody, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const organization = await findOrganization(ctx.db, caller.organizationId);
      if (!organization) throw notFound('organization');
      const user = caller.userId === null ? null : await findUserById(ctx.db, caller.userId);
      return presentMe(caller, user, organization);
    },
  );

  app.post(
    '/logout',
    {
      schema: {
        tags,
        summary: 'End the session whose token authenticates this request',
        description:
          'Ends the session given as a Bearer token or by the `vac_session` cookie, and clears the cookie (also ' +
          "when the answer is 401, or 403 for an API key). By cookie it needs this service's `Origin`, as every " +
          'cookie-authenticated mutation does: without it the answer is 403 and the cookie is kept.',
        response: { 200: LogoutBody, ...errorResponses(401, 403) },
      },
      // Every logout clears the cookie, except one refused as cross-site: another site must not log the user out.
      onSend: async (request, reply, payload) => {
        if (request.credentialSource !== 'cross_site_cookie') clearSessionCookie(reply, secureCookie);
        return payload;
      },
    },
    async (request) => {
      const caller = callerOf(request);
      if (caller.via !== 'session') {
        throw forbidden('Logout ends a session; revoke an API key with DELETE /api/v1/user/api-keys/{id}.');
      }
      const token = presentedCredential(request)?.token ?? null;
      const loggedOut =
        token !== null && (await deleteSession(ctx.db, hashToken(token), caller.organizationId));
      return { logged_out: loggedOut };
    },
  );
};

export default authRoutes;
