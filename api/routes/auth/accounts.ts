import { randomBytes } from 'node:crypto';
import type { AppContext } from '../../context';
import { conflict, unauthorized } from '../../errors';
import { generateSessionToken, hashPassword, hashToken, verifyPassword } from '../../auth/tokens';
import {
  addMembership,
  createOrganization,
  findPrimaryOrganizationOfUser,
} from '../../../db/repositories/organizations';
import type { OrganizationSummary } from '../../../db/repositories/organizations';
import { createSession, deleteExpiredSessionsOfUser } from '../../../db/repositories/sessions';
import {
  createUser,
  findUserByEmail,
  isUniqueViolation,
  normalizeEmail,
} from '../../../db/repositories/users';
import type { Transaction } from 'kysely';
import type { Db } from '../../../db/client';
import type { Database } from '../../../db/database';

/** What signup and login hand back: a fresh session token for the user in their organization. */
export interface SessionGrant {
  token: string;
  expires_at: string;
  user: { id: number; email: string };
  organization: OrganizationSummary;
}

const invalidCredentials = () => unauthorized('Incorrect email or password.');
const emailTaken = () => conflict('email_already_registered', 'An account with this email already exists.');

/** Local signup: a new organization, its owner and a first session, all or nothing. */
export async function signUp(
  ctx: AppContext,
  input: { email: string; password: string; organization_name?: string },
): Promise<SessionGrant> {
  const email = normalizeEmail(input.email);
  if (await findUserByEmail(ctx.db, email)) throw emailTaken();
  const passwordHash = await hashPassword(input.password);
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      const organization = await createOrganization(trx, input.organization_name?.trim() || email);
      const user = await createUser(trx, { email, passwordHash });
      await addMembership(trx, { organizationId: organization.id, userId: user.id, role: 'owner' });
      return startSession(trx, user, organization, ctx.config.auth.sessionTtlSeconds);
    });
  } catch (error) {
    // Two signups with one email at the same moment: the unique index decides.
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}

/** Local login; every failure looks the same and takes about as long, so emails cannot be probed. */
export async function logIn(
  ctx: AppContext,
  input: { email: string; password: string },
): Promise<SessionGrant> {
  const user = await findUserByEmail(ctx.db, input.email);
  const passwordMatches = await verifyPassword(input.password, user?.password_hash ?? (await decoyHash()));
  if (!user || !passwordMatches) throw invalidCredentials();
  const organization = await findPrimaryOrganizationOfUser(ctx.db, user.id);
  if (!organization) throw invalidCredentials();
  await deleteExpiredSessionsOfUser(ctx.db, user.id);
  return startSession(ctx.db, user, organization, ctx.config.auth.sessionTtlSeconds);
}

async function startSession(
  db: Db | Transaction<Database>,
  user: { id: number; email: string },
  organization: OrganizationSummary,
  ttlSeconds: number,
): Promise<SessionGrant> {
  const token = generateSessionToken();
  const session = await createSession(db, {
    userId: user.id,
    organizationId: organization.id,
    tokenHash: hashToken(token),
    ttlSeconds,
  });
  return {
    token,
    expires_at: session.expires_at.toISOString(),
    user: { id: user.id, email: user.email },
    organization: { id: organization.id, name: organization.name },
  };
}

let decoy: Promise<string> | undefined;

/** A hash of a random password, verified against when the email is unknown so the KDF runs either way. */
function decoyHash(): Promise<string> {
  decoy ??= hashPassword(randomBytes(24).toString('base64url'));
  return decoy;
}
