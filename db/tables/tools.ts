/** Tools (migration 2026_12_06_000300): functions an agent's LLM may call. */
import type { Generated } from 'kysely';
import type { CreatedAt, Json, Timestamp } from './column-types';

/** Dograh's categories but `native` and `integration` (placeholders there, with nothing behind them). */
export type ToolCategory = 'http_api' | 'end_call' | 'transfer_call' | 'calculator' | 'mcp';
export type ToolStatus = 'active' | 'archived' | 'draft';

export interface ToolsTable {
  /** Dograh's `id`; clients name a tool by `tool_uuid`. */
  id: Generated<number>;
  tool_uuid: Generated<string>;
  organization_id: number;
  name: string;
  description: string | null;
  /** Equal to `definition.type`. */
  category: ToolCategory;
  status: Generated<ToolStatus>;
  icon: string | null;
  icon_color: string | null;
  /** Dograh's typed definition `{schema_version, type, config?}`, checked before it is stored. */
  definition: Json<Record<string, unknown>>;
  /** The user who created it; null when an API key without a user did, or the user is gone. */
  created_by: number | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}
