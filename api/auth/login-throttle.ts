/**
 * Login and signup throttling per account and per client address, counted in PostgreSQL so every API process
 * shares one count. A throttled request is refused before any password hashing, and the throttle lifts by itself
 * as attempts age out of the window: nothing ever locks an account for good.
 */
import { isIPv4 } from 'node:net';
import type { Db } from '../../db/client';
import {
  clearBucket,
  isKnownLoginAddress,
  rememberLoginAddress,
  releaseAttempts,
  reserveAttempt,
} from '../../db/repositories/auth-attempts';
import { ipv6Groups } from '../../net/address-ranges';
import { tooManyAttempts } from '../errors';

/** Failed logins for one email address, from addresses it has not logged in from. */
export const LOGIN_FAILURES_PER_ACCOUNT = { limit: 10, windowSeconds: 15 * 60 };
/** Failed logins from one client address (an IPv6 client counts by its /64), whatever the account. */
export const LOGIN_FAILURES_PER_ADDRESS = { limit: 30, windowSeconds: 15 * 60 };
/** Signup attempts from one client address. */
export const SIGNUPS_PER_ADDRESS = { limit: 10, windowSeconds: 60 * 60 };
/** An address an account logged in from stays "known" this long after the last success there. */
export const KNOWN_ADDRESS_SECONDS = 30 * 24 * 60 * 60;

export interface LoginAttempt {
  /** The password was right: the attempt is not a failure, and the address becomes known to the account. */
  succeeded(userId: number): Promise<void>;
}

/**
 * Counts a login attempt as a failure until it succeeds, or throws 429 when a bucket is full. Failures from an
 * address the account logged in from recently count in a bucket of that account and address alone, so strangers
 * failing elsewhere cannot keep the owner out; the owner's own address is still limited to the same count.
 */
export async function beginLoginAttempt(
  db: Db,
  attempt: { email: string; userId: number | null; ip: string },
): Promise<LoginAttempt> {
  const address = clientAddressKey(attempt.ip);
  // Looked up for unknown emails too (user id 0 matches nothing), so both take the same queries.
  const known = await isKnownLoginAddress(db, attempt.userId ?? 0, address, KNOWN_ADDRESS_SECONDS);
  const account = known
    ? { bucket: 'login_account_known_address', key: `${attempt.email} ${address}` }
    : { bucket: 'login_account', key: attempt.email };
  const reservation = await reserveAttempt(db, [
    { ...account, ...LOGIN_FAILURES_PER_ACCOUNT },
    { bucket: 'login_address', key: address, ...LOGIN_FAILURES_PER_ADDRESS },
  ]);
  if ('retryAfterSeconds' in reservation) {
    throw tooManyAttempts(reservation.retryAfterSeconds, 'Too many failed logins');
  }
  return {
    async succeeded(userId) {
      await releaseAttempts(db, reservation.ids);
      // The owner's own mistypes are forgiven; the account-wide count of strangers' failures is not.
      if (known) await clearBucket(db, account.bucket, account.key);
      await rememberLoginAddress(db, userId, address, KNOWN_ADDRESS_SECONDS);
    },
  };
}

/** Counts a signup attempt from the client's address, or throws 429 when it has made too many. */
export async function countSignupAttempt(db: Db, ip: string): Promise<void> {
  const reservation = await reserveAttempt(db, [
    { bucket: 'signup_address', key: clientAddressKey(ip), ...SIGNUPS_PER_ADDRESS },
  ]);
  if ('retryAfterSeconds' in reservation) {
    throw tooManyAttempts(reservation.retryAfterSeconds, 'Too many signups from this address');
  }
}

/**
 * The throttling key of a client address: an IPv4 address as it is (also when written IPv4-mapped), an IPv6
 * address by its /64 prefix, since one client commonly holds a whole /64.
 */
export function clientAddressKey(ip: string): string {
  // A socket closed before the handler ran has no remote address.
  if (!ip) return 'unknown';
  if (isIPv4(ip)) return ip;
  const groups = ipv6Groups(ip);
  if (!groups) return ip;
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}
