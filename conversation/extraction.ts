import type { ExtractionVariable } from '../agents/definition';
import type { LanguageModel, TokenUsage } from '../llm';
import { userTurns, type ConversationState } from './conversation-state';
import { transcriptText } from './node-prompts';

/** Structured-output calls at the edges of a conversation: extraction variables and the call disposition. */

const coerce = (variable: ExtractionVariable, value: unknown): unknown => {
  if (value === null || value === undefined || value === '') return undefined;
  if (variable.type === 'number') {
    const n = typeof value === 'number' ? value : Number(value);
    return Number.isFinite(n) ? n : undefined;
  }
  if (variable.type === 'boolean') {
    if (typeof value === 'boolean') return value;
    if (/^(true|yes)$/i.test(String(value))) return true;
    if (/^(false|no)$/i.test(String(value))) return false;
    return undefined;
  }
  return String(value);
};

const parseObject = (content: string | null): Record<string, unknown> => {
  try {
    const parsed: unknown = JSON.parse(content ?? '');
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};

/** The values of a node's extraction variables found in the conversation (absent ones are left out). */
export async function extractVariables(
  llm: LanguageModel,
  state: ConversationState,
  variables: ExtractionVariable[],
): Promise<{ values: Record<string, unknown>; usage: TokenUsage }> {
  const properties = Object.fromEntries(
    variables.map((v) => [v.name, { type: [v.type, 'null'], description: v.prompt }]),
  );
  const result = await llm.chat({
    messages: [
      {
        role: 'system',
        content:
          'Extract the requested values from the conversation below. Use null for a value the caller did not ' +
          `give.\n\n${variables.map((v) => `- ${v.name} (${v.type}): ${v.prompt}`).join('\n')}`,
      },
      { role: 'user', content: transcriptText(state) || '(no conversation)' },
    ],
    jsonSchema: {
      name: 'extraction',
      schema: { type: 'object', properties, required: Object.keys(properties), additionalProperties: false },
    },
    temperature: 0,
  });
  const answer = parseObject(result.content);
  const values: Record<string, unknown> = {};
  for (const variable of variables) {
    const value = coerce(variable, answer[variable.name]);
    if (value !== undefined) values[variable.name] = value;
  }
  return { values, usage: result.usage };
}

/**
 * One of the agent's disposition codes for the finished conversation. An answer outside the codes, or an agent
 * without codes, falls back to `fallback` (the end reason), so the disposition is always explainable. A call's
 * opt-out disposition (`optOut`) is always offered too: beside the agent's codes, or, for an agent without codes,
 * against the end reason (asked only when the person said something: no words, no opt-out).
 */
export async function classifyDisposition(
  llm: LanguageModel,
  state: ConversationState,
  codes: string[],
  fallback: string,
  optOut?: string,
): Promise<{ disposition: string; usage: TokenUsage | null }> {
  if (codes.length === 0 && (optOut === undefined || userTurns(state) === 0))
    return { disposition: fallback, usage: null };
  const offered = [...new Set([...codes, ...(optOut === undefined ? [] : [optOut])])];
  const choices = codes.length === 0 ? [...new Set([...offered, fallback])] : offered;
  const optOutHint =
    optOut === undefined
      ? ''
      : ` Choose ${optOut} only when the person asked not to be called again or to be taken off the calling list.`;
  const otherwise = codes.length === 0 ? ` Otherwise choose ${fallback}.` : '';
  const result = await llm.chat({
    messages: [
      {
        role: 'system',
        content:
          'Choose the one disposition code that best describes how this conversation ended. ' +
          `Codes: ${choices.join(', ')}.${optOutHint}${otherwise}`,
      },
      { role: 'user', content: transcriptText(state) || '(no conversation)' },
    ],
    jsonSchema: {
      name: 'call_disposition',
      schema: {
        type: 'object',
        properties: { disposition: { type: 'string', enum: choices } },
        required: ['disposition'],
        additionalProperties: false,
      },
    },
    temperature: 0,
  });
  const chosen = parseObject(result.content).disposition;
  return {
    disposition: typeof chosen === 'string' && choices.includes(chosen) ? chosen : fallback,
    usage: result.usage,
  };
}
