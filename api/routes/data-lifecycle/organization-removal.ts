/** Deleting a whole organization: its workflows stopped, its rows and its stored objects. Shared by the user and organization routes. */
import type { AppContext } from '../../context';
import { organizationArtifactsPrefix } from '../../../artifacts/artifact-keys';
import { terminateOrganizationWorkflows } from '../../../client/data-deletion';
import type { Trx } from '../../../db/client';
import {
  campaignsWithWorkflows,
  deleteOrganizationRows,
  type DeletedOrganization,
} from '../../../db/repositories/account-deletion';
import { organizationDocumentsPrefix } from '../../../knowledge-base/storage-keys';
import { organizationSourcePrefix } from '../../../storage/contact-sources';
import { organizationRecordingsPrefix } from '../../../storage/workflow-recordings';
import type { ObjectsToDelete } from './deletion-transaction';

/** Stops the organization's campaign and call workflows (before its rows go, so none writes to a deleted row). */
export async function stopOrganizationWorkflows(ctx: AppContext, organizationId: number): Promise<void> {
  const campaignIds = await campaignsWithWorkflows(ctx.db, organizationId);
  await terminateOrganizationWorkflows(ctx.temporal, organizationId, campaignIds, 'organization deleted');
}

/** Deletes the organization's rows in the caller's transaction; answers the counts and the storage prefixes to empty. */
export async function removeOrganizationRows(
  trx: Trx,
  organizationId: number,
): Promise<{ result: DeletedOrganization; objects: ObjectsToDelete }> {
  const result = await deleteOrganizationRows(trx, organizationId);
  return {
    result,
    objects: {
      prefixes: [
        organizationArtifactsPrefix(organizationId),
        organizationSourcePrefix(organizationId),
        organizationRecordingsPrefix(organizationId),
        organizationDocumentsPrefix(organizationId),
      ],
    },
  };
}
