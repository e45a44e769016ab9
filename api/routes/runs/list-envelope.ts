import type { AppContext } from '../../context';
import { artifactLinks } from '../../../artifacts/run-links';
import { listRuns, type RunListQuery } from '../../../db/repositories/runs';
import { toRunListEnvelope, toRunWithStateListEnvelope } from './run-views';

/** One page of the organization's runs with each run's artifact links. */
async function loadRunsPage(ctx: AppContext, organizationId: number, query: RunListQuery) {
  const page = await listRuns(ctx.db, organizationId, query);
  const links = await Promise.all(page.runs.map((run) => artifactLinks(run, organizationId, ctx)));
  return { page, links };
}

/** The organization's runs list (`/organizations/usage/runs`): one page in the runs list envelope. */
export async function runListEnvelope(ctx: AppContext, organizationId: number, query: RunListQuery) {
  const { page, links } = await loadRunsPage(ctx, organizationId, query);
  return toRunListEnvelope(page, query, links);
}

/**
 * One agent's or one campaign's runs list: the same envelope, each run also with `is_completed`, `definition_id` and
 * `cost_info` (Dograh's WorkflowRunResponseSchema, the item of these lists in its clients, requires them).
 */
export async function runWithStateListEnvelope(ctx: AppContext, organizationId: number, query: RunListQuery) {
  const { page, links } = await loadRunsPage(ctx, organizationId, query);
  return toRunWithStateListEnvelope(page, query, links);
}
