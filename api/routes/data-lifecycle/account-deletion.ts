/** `DELETE /user` (the caller's own account) and `DELETE /organizations` (the caller's organization, owner only). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  deleteUserRow,
  membershipRole,
  organizationsOfUser,
} from '../../../db/repositories/account-deletion';
import { recordPendingObjectDeletions } from '../../../db/repositories/pending-object-deletions';
import { inTransaction } from '../../../db/client';
import { deletePendingObjects } from '../../../lifecycle/object-deletions';
import type { Caller } from '../../context';
import { conflict, forbidden } from '../../errors';
import { callerOf } from '../../plugins/authenticate';
import { deleteWithObjects } from './deletion-transaction';
import { removeOrganizationRows, stopOrganizationWorkflows } from './organization-removal';
import { ErrorBody, OrganizationDeletion, UserDeletion } from './schemas';

/** The session's user; API keys belong to an organization, not to a person, and cannot delete accounts. */
function sessionUserOf(caller: Caller): number {
  if (caller.via !== 'session' || caller.userId === null)
    throw forbidden('Deleting an account or an organization needs a user session, not an API key.');
  return caller.userId;
}

/** `DELETE /user`: the caller's user, with the organizations they are the only member of. */
export const userDeletionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  app.delete(
    '/',
    {
      schema: {
        tags: ['data lifecycle'],
        summary: "Delete the caller's own user (and the organizations they alone belong to)",
        response: { 200: UserDeletion, 403: ErrorBody, 409: ErrorBody },
      },
    },
    async (request) => {
      const userId = sessionUserOf(callerOf(request));
      const memberships = await organizationsOfUser(ctx.db, userId);
      const lastOwnerOf = memberships.find(
        (m) => m.role === 'owner' && Number(m.owners) === 1 && Number(m.members) > 1,
      );
      if (lastOwnerOf)
        throw conflict(
          'last_owner',
          `You are the last owner of organization ${lastOwnerOf.organizationId}, which has other members; make another member its owner or delete the organization first.`,
        );
      const soleOrganizations = memberships
        .filter((m) => Number(m.members) === 1)
        .map((m) => m.organizationId);
      for (const organizationId of soleOrganizations) await stopOrganizationWorkflows(ctx, organizationId);
      const pending = await inTransaction(ctx.db, async (trx) => {
        const recorded = [];
        for (const organizationId of soleOrganizations) {
          const { objects } = await removeOrganizationRows(trx, organizationId);
          recorded.push(
            ...(await recordPendingObjectDeletions(
              trx,
              organizationId,
              (objects.prefixes ?? []).map((key) => ({ key, isPrefix: true })),
            )),
          );
        }
        await deleteUserRow(trx, userId);
        return recorded;
      });
      await deletePendingObjects(ctx, pending);
      request.log.info({ user_id: userId, organization_ids: soleOrganizations }, 'user deleted');
      return { id: userId, deleted_organization_ids: soleOrganizations };
    },
  );
};

/** `DELETE /organizations`: the caller's organization with everything in it. */
export const organizationDeletionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  app.delete(
    '/',
    {
      schema: {
        tags: ['data lifecycle'],
        summary:
          "Delete the caller's organization: campaigns (running ones stopped), agents, configurations, numbers, runs, artifacts, keys, and users who belong to no other organization",
        response: { 200: OrganizationDeletion, 403: ErrorBody },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const userId = sessionUserOf(caller);
      const { organizationId } = caller;
      if ((await membershipRole(ctx.db, organizationId, userId)) !== 'owner')
        throw forbidden('Only an owner of the organization can delete it.');
      await stopOrganizationWorkflows(ctx, organizationId);
      const deleted = await deleteWithObjects(ctx, organizationId, (trx) =>
        removeOrganizationRows(trx, organizationId),
      );
      request.log.info({ ...deleted }, 'organization deleted');
      return { id: organizationId, deleted };
    },
  );
};
