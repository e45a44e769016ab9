import { randomBytes } from 'node:crypto';
import type { AppContext } from '../../context';
import { conflict, HttpError, invalidField, unauthorized } from '../../errors';
import { beginLoginAttempt, countSignupAttempt } from '../../auth/login-throttle';
import { passwordProblem } from '../../auth/password-policy';
import { hashPassword, verifyPassword } from '../../../credentials/passwords';
import { generateSessionToken, hashToken } from '../../../credentials/tokens';
import {
  addMembership,
  createOrganization,
  findPrimaryOrganizationOfUser,
} from '../../../db/repositories/organizations';
import type { OrganizationSummary } from '../../../db/repositories/organizations';
import { createSession, deleteExpiredSessionsOfUser } from '../../../db/repositories/sessions';
import {
  anyUserExists,
  createUser,
  findUserByEmail,
  isUniqueViolation,
  lockUserCreation,
  normalizeEmail,
} from '../../../db/repositories/users';
import { inTransaction, type Executor } from '../../../db/client';

/** What signup and login hand back: a fresh session token for the user in their organization. */
export interface SessionGrant {
  token: string;
  expires_at: string;
  /** Ours (`id`, `email`) plus Dograh's `name`, `organization_id` and `provider_id`, as in `/auth/me`. */
  user: { id: number; email: string; name: null; organization_id: number; provider_id: string };
  organization: OrganizationSummary;
}

const invalidCredentials = () => unauthorized('Incorrect email or password.');
const emailTaken = () => conflict('email_already_registered', 'An account with this email already exists.');
const signupDisabled = () =>
  new HttpError(
    403,
    'signup_disabled',
    'Signup is closed on this installation; ask its operator for an account.',
  );

/**
 * Local signup: a new organization, its owner and a first session, all or nothing. With signup disabled only the
 * first user of an empty install gets in (the owner); the check is repeated under a lock inside the transaction.
 */
export async function signUp(
  ctx: AppContext,
  input: { email: string; password: string; organization_name?: string },
  clientIp: string,
): Promise<SessionGrant> {
  const open = ctx.config.security.signupEnabled;
  if (!open && (await anyUserExists(ctx.db))) throw signupDisabled();
  const weakness = passwordProblem(input.password);
  if (weakness) throw invalidField(['body', 'password'], weakness, 'password_too_weak');
  await countSignupAttempt(ctx.db, clientIp);
  const email = normalizeEmail(input.email);
  if (await findUserByEmail(ctx.db, email)) throw emailTaken();
  const passwordHash = await hashPassword(input.password);
  try {
    return await inTransaction(ctx.db, async (trx) => {
      if (!open) {
        await lockUserCreation(trx);
        if (await anyUserExists(trx)) throw signupDisabled();
      }
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

/**
 * Local login; every failure looks the same and takes about as long, so emails cannot be probed. The throttle is
 * consulted before the password is hashed, so a throttled request costs no KDF run.
 */
export async function logIn(
  ctx: AppContext,
  input: { email: string; password: string },
  clientIp: string,
): Promise<SessionGrant> {
  const email = normalizeEmail(input.email);
  const user = await findUserByEmail(ctx.db, email);
  const attempt = await beginLoginAttempt(ctx.db, { email, userId: user?.id ?? null, ip: clientIp });
  const passwordMatches = await verifyPassword(input.password, user?.password_hash ?? (await decoyHash()));
  if (!user || !passwordMatches) throw invalidCredentials();
  const organization = await findPrimaryOrganizationOfUser(ctx.db, user.id);
  if (!organization) throw invalidCredentials();
  await attempt.succeeded(user.id);
  await deleteExpiredSessionsOfUser(ctx.db, user.id);
  return startSession(ctx.db, user, organization, ctx.config.auth.sessionTtlSeconds);
}

async function startSession(
  db: Executor,
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
    user: {
      id: user.id,
      email: user.email,
      name: null,
      organization_id: organization.id,
      provider_id: String(user.id),
    },
    organization: { id: organization.id, name: organization.name },
  };
}

let decoy: Promise<string> | undefined;

/** A hash of a random password, verified against when the email is unknown so the KDF runs either way. */
function decoyHash(): Promise<string> {
  decoy ??= hashPassword(randomBytes(24).toString('base64url'));
  return decoy;
}
