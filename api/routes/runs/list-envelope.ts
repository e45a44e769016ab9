import type { AppContext } from '../../context';
import { artifactLinks } from '../../../artifacts/run-links';
import { listRuns, type RunListQuery } from '../../../db/repositories/runs';
import { toRunListEnvelope } from './run-views';

/**
 * One page of an organization's runs as the runs list envelope, with each run's artifact links: the body of every
 * runs list (the organization's, one agent's, one campaign's).
 */
export async function runListEnvelope(ctx: AppContext, organizationId: number, query: RunListQuery) {
  const page = await listRuns(ctx.db, organizationId, query);
  const links = await Promise.all(page.runs.map((run) => artifactLinks(run, organizationId, ctx)));
  return toRunListEnvelope(page, query, links);
}
