import type { ColumnType } from 'kysely';

/** Column types shared by the tables: how a timestamp or JSON column is read, inserted and updated. */

export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
export type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
export type Json<T = Record<string, unknown>> = ColumnType<T, T | string | undefined, T | string>;
