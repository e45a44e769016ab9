import type { Executor } from '../client';

export interface OrganizationSummary {
  id: number;
  name: string;
}

/** A new organization with the default limits. */
export async function createOrganization(db: Executor, name: string): Promise<OrganizationSummary> {
  return db.insertInto('organizations').values({ name }).returning(['id', 'name']).executeTakeFirstOrThrow();
}

export async function findOrganization(db: Executor, id: number): Promise<OrganizationSummary | null> {
  const row = await db
    .selectFrom('organizations')
    .select(['id', 'name'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row ?? null;
}

/** Makes a user a member of an organization with a role (`owner` for the one who signed it up). */
export async function addMembership(
  db: Executor,
  membership: { organizationId: number; userId: number; role: string },
): Promise<void> {
  await db
    .insertInto('memberships')
    .values({
      organization_id: membership.organizationId,
      user_id: membership.userId,
      role: membership.role,
    })
    .execute();
}

/** The organization a user works in by default: the first one they joined. */
export async function findPrimaryOrganizationOfUser(
  db: Executor,
  userId: number,
): Promise<OrganizationSummary | null> {
  const row = await db
    .selectFrom('memberships')
    .innerJoin('organizations', 'organizations.id', 'memberships.organization_id')
    .select(['organizations.id', 'organizations.name'])
    .where('memberships.user_id', '=', userId)
    .orderBy('memberships.created_at')
    .orderBy('organizations.id')
    .executeTakeFirst();
  return row ?? null;
}
