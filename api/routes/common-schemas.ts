import { Type, type IntegerOptions, type StringOptions } from '@sinclair/typebox';

/** Schemas every resource shares (ids, names, paging), so that each bound is stated once. */

/** Ids are bigserial; beyond 2^53 a JSON number no longer names one exactly (and PostgreSQL refuses 1e20). */
export const Id = (options: IntegerOptions = {}) =>
  Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, ...options });

/** A name shown to people: 1 … `maxLength` characters, not all of them blank. */
export const Name = (maxLength: number, options: StringOptions = {}) =>
  Type.String({ minLength: 1, maxLength, pattern: '\\S', ...options });

/** An error answer: `detail` holds a code (with a `message`) or, for a 422, the FastAPI-shaped list of problems. */
export const ErrorBody = Type.Object({ detail: Type.Unknown(), message: Type.Optional(Type.String()) });

/** Highest page number of a list; with at most 100 per page, offsets stay far inside PostgreSQL's bigint. */
const MAX_PAGE = 1_000_000;

export const Page = Type.Integer({ minimum: 1, maximum: MAX_PAGE, default: 1 });
export const PageLimit = Type.Integer({ minimum: 1, maximum: 100, default: 50 });
