/** Which passwords signup accepts: at least 8 characters, not only whitespace, not a commonly used password. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { APP_ROOT } from '../../config/app-root';

export const PASSWORD_MIN_LENGTH = 8;

/**
 * The 1,000 most common passwords of Mark Burnett's ten-million-password corpus, as published in SecLists
 * (Passwords/Common-Credentials/10-million-password-list-top-1000.txt, MIT licence). Compared ignoring case and
 * surrounding whitespace, so `Password` and ` password ` are refused like `password`.
 */
const commonPasswords = new Set(
  readFileSync(path.join(APP_ROOT, 'api', 'auth', 'common-passwords.txt'), 'utf8')
    .split('\n')
    .map((line) => line.trim().toLowerCase())
    .filter((line) => line !== ''),
);

/** Why a new password is refused, or null when it is acceptable. The schema checks the length first. */
export function passwordProblem(password: string): string | null {
  if ([...password].length < PASSWORD_MIN_LENGTH) {
    return `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`;
  }
  if (password.trim() === '') return 'Password must not be only whitespace.';
  if (commonPasswords.has(password.trim().toLowerCase())) {
    return 'This password is one of the most commonly used; choose another.';
  }
  return null;
}
