/**
 * Opt-out during a call: the person asked not to be called again, either by what they said (the run's disposition is
 * the agent's opt-out disposition, which the disposition classifier is always offered) or by pressing the agent's
 * opt-out key. Their number then joins the organization's do-not-call list with source `opt_out` and the run's id, so
 * no campaign of the organization dials it again. The rules here are pure; the list is written by
 * db/repositories/run-opt-outs.ts.
 */

export const DEFAULT_OPT_OUT_DISPOSITION = 'do_not_call';
export const OPT_OUT_DISPOSITION_MAX_LENGTH = 100;
/** The keys an agent may name as its opt-out key (`A`–`D` exist on few phones, so they are not offered). */
export const OPT_OUT_KEYS = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '*', '#'] as const;
export type OptOutKey = (typeof OPT_OUT_KEYS)[number];

export interface OptOutSettings {
  /** `workflow_configurations.opt_out_disposition` (default `do_not_call`). */
  disposition: string;
  /** `workflow_configurations.opt_out_dtmf_key`; null: no key opts out. */
  dtmfKey: OptOutKey | null;
}

/** One line of text without blanks at either end (the API's pattern; agents/settings.ts). */
export const OPT_OUT_DISPOSITION_PATTERN = '^\\S(?:.*\\S)?$';
export const OPT_OUT_KEY_PATTERN = '^[0-9*#]$';

/** A usable opt-out disposition: 1–100 characters on one line, no blanks at either end (the API's bounds). */
export const isOptOutDisposition = (value: unknown): value is string =>
  typeof value === 'string' &&
  value.length <= OPT_OUT_DISPOSITION_MAX_LENGTH &&
  new RegExp(OPT_OUT_DISPOSITION_PATTERN).test(value);

export const isOptOutKey = (value: unknown): value is OptOutKey =>
  typeof value === 'string' && (OPT_OUT_KEYS as readonly string[]).includes(value);

/** The agent's opt-out settings; a stored value outside the API's bounds reads as its default. */
export function optOutSettingsOf(
  workflowConfigurations: Record<string, unknown> | null | undefined,
): OptOutSettings {
  const given = workflowConfigurations ?? {};
  return {
    disposition: isOptOutDisposition(given.opt_out_disposition)
      ? given.opt_out_disposition
      : DEFAULT_OPT_OUT_DISPOSITION,
    dtmfKey: isOptOutKey(given.opt_out_dtmf_key) ? given.opt_out_dtmf_key : null,
  };
}

/** How a run opted out: by its disposition, or by the caller's key press. */
export type OptOutVia = 'disposition' | 'keypad';

/** What a run that opted out records in its `gathered_context.opt_out`. */
export interface RunOptOut {
  via: OptOutVia;
}

/**
 * Whether a finished conversation opted out: the caller pressed the opt-out key (whatever the disposition became), or
 * its final disposition is the agent's opt-out disposition.
 */
export function optOutOfConversation(input: {
  keyPressed: boolean;
  disposition: unknown;
  optOutDisposition: string | undefined;
}): RunOptOut | null {
  if (input.keyPressed) return { via: 'keypad' };
  if (input.optOutDisposition !== undefined && input.disposition === input.optOutDisposition)
    return { via: 'disposition' };
  return null;
}

/** The opt-out a run's gathered_context records, or null. */
export function optOutOfGathered(gathered: unknown): RunOptOut | null {
  if (typeof gathered !== 'object' || gathered === null) return null;
  const optOut = (gathered as Record<string, unknown>).opt_out;
  if (typeof optOut !== 'object' || optOut === null) return null;
  const via = (optOut as Record<string, unknown>).via;
  return via === 'disposition' || via === 'keypad' ? { via } : null;
}

const E164 = /^\+[1-9]\d{6,14}$/;

/**
 * The number of the person on a run, who opted out: the called number of an outbound call, the caller's of an inbound
 * one; null when it is not an E.164 number (a SIP address, an anonymous caller): nothing can be listed then.
 */
export function personNumberOf(run: {
  call_type: string;
  called_number: string | null;
  caller_number: string | null;
}): string | null {
  const number = run.call_type === 'inbound' ? run.caller_number : run.called_number;
  return number !== null && E164.test(number) ? number : null;
}

/** A number as logs may show it: every digit but the last four replaced by `*` (`+*******0123`). */
export function maskNumber(number: string): string {
  let keep = 4;
  const chars = [...number];
  for (let i = chars.length - 1; i >= 0; i--) {
    if (!/\d/.test(chars[i]!)) continue;
    if (keep > 0) keep--;
    else chars[i] = '*';
  }
  return chars.join('');
}
