import pg from 'pg';
import { SourceInvalid } from './source-invalid';

/**
 * Which failures of an import no retry can fix. The activity's retry policy has no attempt limit (an outage of the
 * database or the store must not fail a campaign), so an error that would come back on every attempt must end the
 * import here, or the campaign would stay `syncing` forever.
 */

/** Attempts after which an error that is neither the source's fault nor an outage fails the campaign. */
const MAX_ATTEMPTS_FOR_UNEXPECTED_ERRORS = 5;

// SQLSTATE classes 22 (data exception) and 54 (program limit exceeded) depend on the values written, never on time.
const isDataError = (error: unknown): error is pg.DatabaseError =>
  error instanceof pg.DatabaseError && /^(22|54)/.test(error.code ?? '');

// SQLSTATE classes of an outage: connection (08), rollback on conflict (40), resources (53), lock unavailable (55),
// operator intervention and cancellation (57), system error (58). Others (23, 42, XX…) come back on every attempt.
const isOutageClass = (error: pg.DatabaseError) => /^(08|40|53|55|57|58)/.test(error.code ?? '');

// node-postgres reports a lost or unanswered connection with a bare Error, no code and no syscall.
const PG_CONNECTION_LOST =
  /^(Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error)/;

/**
 * An outage or an interruption, worth retrying however often: a database error of an outage class or a lost
 * connection, an S3 error answer (it carries `$metadata`), a network error of Node (`syscall`, or an `E…` code), a
 * cancellation.
 */
function isTransient(error: unknown): boolean {
  if (error instanceof pg.DatabaseError) return isOutageClass(error);
  if (error instanceof Error && PG_CONNECTION_LOST.test(error.message)) return true;
  if (typeof error !== 'object' || error === null) return false;
  const { $metadata, syscall, code, name } = error as Record<string, unknown>;
  if ($metadata !== undefined || syscall !== undefined) return true;
  if (typeof code === 'string' && /^E[A-Z]+$/.test(code)) return true;
  return name === 'CancelledFailure' || name === 'AbortError' || name === 'TimeoutError';
}

/** The error as a source no retry can fix, or null when the activity should fail and be retried. */
export function asSourceInvalid(error: unknown, attempt: number): SourceInvalid | null {
  if (error instanceof SourceInvalid) return error;
  if (isDataError(error)) {
    return new SourceInvalid(
      'value_refused',
      `the database refused a value of the file (SQLSTATE ${error.code})`,
      {
        sqlstate: error.code,
      },
    );
  }
  if (isTransient(error) || attempt < MAX_ATTEMPTS_FOR_UNEXPECTED_ERRORS) return null;
  const message = error instanceof Error ? error.message : String(error);
  return new SourceInvalid(
    'import_error',
    `the import failed ${attempt} times in a row (${message.slice(0, 300)})`,
  );
}
