import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { hashToken } from '../../../credentials/tokens';
import { callerOf, presentedToken } from '../../plugins/authenticate';
import { forbidden, notFound } from '../../errors';
import { findOrganization } from '../../../db/repositories/organizations';
import { deleteSession } from '../../../db/repositories/sessions';
import { findUserById } from '../../../db/repositories/users';
import { logIn, signUp } from './accounts';
import { errorResponses, LoginBody, LogoutBody, MeBody, SessionBody, SignupBody } from './schemas';

const tags = ['auth'];

/** Local auth: signup, login, who-am-I and logout (`/api/v1/auth`). */
const authRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;

  app.post(
    '/signup',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Sign up: creates an organization, its owner and a session',
        security: [],
        body: SignupBody,
        response: { 201: SessionBody, ...errorResponses(403, 409, 429) },
      },
    },
    async (request, reply) => reply.status(201).send(await signUp(ctx, request.body, request.ip)),
  );

  app.post(
    '/login',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Log in with email and password; answers a session token',
        security: [],
        body: LoginBody,
        response: { 200: SessionBody, ...errorResponses(401, 429) },
      },
    },
    async (request) => logIn(ctx, request.body, request.ip),
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
      return { user, organization, via: caller.via, scopes: [...caller.scopes] };
    },
  );

  app.post(
    '/logout',
    {
      schema: {
        tags,
        summary: 'End the session whose token authenticates this request',
        response: { 200: LogoutBody, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      if (caller.via !== 'session') {
        throw forbidden('Logout ends a session; revoke an API key with DELETE /api/v1/user/api-keys/{id}.');
      }
      const token = presentedToken(request);
      const loggedOut =
        token !== null && (await deleteSession(ctx.db, hashToken(token), caller.organizationId));
      return { logged_out: loggedOut };
    },
  );
};

export default authRoutes;
