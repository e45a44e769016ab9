/**
 * Deleting an organization or a user. An organization's row takes everything of it along (foreign keys cascade);
 * its users who belong to no other organization go too. Runs inside the caller's transaction.
 */
import type { Executor } from '../client';

/** The caller's role in the organization, or null when not a member. */
export async function membershipRole(
  db: Executor,
  organizationId: number,
  userId: number,
): Promise<string | null> {
  const row = await db
    .selectFrom('memberships')
    .select('role')
    .where('organization_id', '=', organizationId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.role ?? null;
}

/** Campaigns of the organization whose workflow may still run (anything neither created nor finished). */
export async function campaignsWithWorkflows(db: Executor, organizationId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('campaigns')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where('state', 'in', ['syncing', 'running', 'paused'])
    .execute();
  return rows.map((row) => row.id);
}

export interface DeletedOrganization {
  campaigns: number;
  runs: number;
  users: number;
}

/** Deletes the organization (locked first) and its users who belong to no other organization. */
export async function deleteOrganizationRows(
  db: Executor,
  organizationId: number,
): Promise<DeletedOrganization> {
  await db.selectFrom('organizations').select('id').where('id', '=', organizationId).forUpdate().execute();
  const soleUsers = await usersOnlyIn(db, organizationId);
  const campaigns = await countOf(db, 'campaigns', organizationId);
  const runs = await countOf(db, 'runs', organizationId);
  // The simulator's call records name a configuration without a foreign key: they would outlive the organization.
  await db
    .deleteFrom('simulator_calls')
    .where(
      'telephony_configuration_id',
      'in',
      db.selectFrom('telephony_configurations').select('id').where('organization_id', '=', organizationId),
    )
    .execute();
  await db.deleteFrom('organizations').where('id', '=', organizationId).execute();
  if (soleUsers.length > 0) await db.deleteFrom('users').where('id', 'in', soleUsers).execute();
  return { campaigns, runs, users: soleUsers.length };
}

/** The user's organizations with, for each, the user's role, the member count and the owner count. */
export async function organizationsOfUser(db: Executor, userId: number) {
  return db
    .selectFrom('memberships as mine')
    .innerJoin('memberships as all', 'all.organization_id', 'mine.organization_id')
    .select((eb) => [
      'mine.organization_id as organizationId',
      'mine.role as role',
      eb.fn.countAll<number>().as('members'),
      eb.fn.sum<number>(eb.case().when('all.role', '=', 'owner').then(1).else(0).end()).as('owners'),
    ])
    .where('mine.user_id', '=', userId)
    .groupBy(['mine.organization_id', 'mine.role'])
    .execute();
}

/** Deletes a user (memberships, sessions and login records go with the row). */
export async function deleteUserRow(db: Executor, userId: number): Promise<void> {
  await db.deleteFrom('users').where('id', '=', userId).execute();
}

async function usersOnlyIn(db: Executor, organizationId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('memberships as m')
    .select('m.user_id')
    .where('m.organization_id', '=', organizationId)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('memberships as other')
            .select('other.user_id')
            .whereRef('other.user_id', '=', 'm.user_id')
            .where('other.organization_id', '<>', organizationId),
        ),
      ),
    )
    .execute();
  return rows.map((row) => row.user_id);
}

async function countOf(db: Executor, table: 'campaigns' | 'runs', organizationId: number): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('organization_id', '=', organizationId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
