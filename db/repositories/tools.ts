/**
 * Tools of an organization. Every read is scoped by organization: another organization's uuid, or a string that is no
 * uuid, finds nothing. Archiving is the only deletion; archived tools are found by uuid and listed when asked for.
 */
import { sql } from 'kysely';
import type { Executor } from '../client';
import type { Tool, ToolCategory, ToolStatus } from '../database';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface ToolValues {
  name: string;
  description: string | null;
  category: ToolCategory;
  icon: string | null;
  icon_color: string | null;
  definition: Record<string, unknown>;
}

/** The organization's tools by name: those of `statuses`, or all but the archived ones (Dograh's default). */
export async function listTools(
  db: Executor,
  organizationId: number,
  filter: { statuses?: readonly ToolStatus[]; category?: ToolCategory } = {},
): Promise<Tool[]> {
  let query = db.selectFrom('tools').selectAll().where('organization_id', '=', organizationId);
  query =
    filter.statuses && filter.statuses.length > 0
      ? query.where('status', 'in', [...filter.statuses])
      : query.where('status', '!=', 'archived');
  if (filter.category) query = query.where('category', '=', filter.category);
  return query.orderBy('name').orderBy('id').execute();
}

/** The organization's active tools among these uuids (a node's `tool_uuids`); others are left out. */
export async function findActiveTools(
  db: Executor,
  organizationId: number,
  toolUuids: readonly string[],
): Promise<Tool[]> {
  const uuids = toolUuids.filter((uuid) => UUID.test(uuid));
  if (uuids.length === 0) return [];
  return db
    .selectFrom('tools')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('tool_uuid', 'in', uuids)
    .where('status', '=', 'active')
    .execute();
}

/** One tool of the organization, archived ones included, or undefined; `forUpdate` locks its row. */
export async function findTool(
  db: Executor,
  organizationId: number,
  toolUuid: string,
  options: { forUpdate?: boolean } = {},
): Promise<Tool | undefined> {
  if (!UUID.test(toolUuid)) return undefined;
  let query = db
    .selectFrom('tools')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('tool_uuid', '=', toolUuid);
  if (options.forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function insertTool(
  db: Executor,
  organizationId: number,
  createdBy: number | null,
  values: ToolValues,
): Promise<Tool> {
  return db
    .insertInto('tools')
    .values({
      organization_id: organizationId,
      created_by: createdBy,
      ...values,
      definition: JSON.stringify(values.definition),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateTool(
  db: Executor,
  id: number,
  changes: Partial<ToolValues> & { status?: ToolStatus },
): Promise<Tool> {
  const { definition, ...rest } = changes;
  return db
    .updateTable('tools')
    .set({
      ...rest,
      ...(definition !== undefined ? { definition: JSON.stringify(definition) } : {}),
      updated_at: sql`now()`,
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Sets the status of the organization's tool when it is now in one of `from`; undefined when no such tool is in
 * one of them (absent, another organization's, or already there).
 */
export async function moveToolStatus(
  db: Executor,
  organizationId: number,
  toolUuid: string,
  from: readonly ToolStatus[],
  to: ToolStatus,
): Promise<Tool | undefined> {
  if (!UUID.test(toolUuid)) return undefined;
  return db
    .updateTable('tools')
    .set({ status: to, updated_at: sql`now()` })
    .where('organization_id', '=', organizationId)
    .where('tool_uuid', '=', toolUuid)
    .where('status', 'in', [...from])
    .returningAll()
    .executeTakeFirst();
}
