/**
 * Telnyx answering-machine detection in Twilio's words (providers/adapter.ts MachineDetectionWebhook), from the call
 * events Telnyx documents: `call.machine.detection.ended` (result `human`, `machine`, `not_sure`),
 * `call.machine.greeting.ended` (`beep_detected`, `ended`, `not_sure`) and their premium variants
 * (`call.machine.premium.detection.ended`: `human_residence`, `human_business`, `machine`, `silence`, `fax_detected`,
 * `not_sure`; `call.machine.premium.greeting.ended`: `beep_detected`, `no_beep_detected`). They come among the call's
 * status events; the status route reads them here.
 *
 * A call whose agent leaves a message is dialed with `greeting_end` detection, and its `client_state` says so: its
 * first `machine` verdict is not passed on, so the message starts after the greeting (`call.machine.greeting.ended`),
 * as Twilio's `DetectMessageEnd` waits for it.
 */

/** The fields of a Call Control webhook these events are read from (a `TelnyxWebhook` is one). */
interface MachineEvent {
  data?: {
    event_type?: string;
    payload?: { call_control_id?: string; result?: string; client_state?: string | null };
  };
}

const AFTER_GREETING = ':after-greeting';

/** The `client_state` (before base64) a placement dials with: the attempt, and whether a message waits for the beep. */
export function telnyxAttemptState(input: {
  attemptId: string;
  amdEnabled: boolean;
  leavesVoicemail?: boolean;
}): string {
  return `attempt:${input.attemptId}${input.amdEnabled && input.leavesVoicemail ? AFTER_GREETING : ''}`;
}

const DETECTION: Record<string, string> = {
  human: 'human',
  human_residence: 'human',
  human_business: 'human',
  machine: 'machine_start',
  fax_detected: 'fax',
  silence: 'unknown',
  not_sure: 'unknown',
};

const GREETING: Record<string, string> = {
  beep_detected: 'machine_end_beep',
  ended: 'machine_end_other',
  no_beep_detected: 'machine_end_other',
  not_sure: 'machine_end_other',
};

/** The verdict an event carries, or null when it carries none (another event, an unknown result, a wait). */
export function telnyxMachineVerdict(
  body: MachineEvent,
): { providerCallId: string; answeredBy: string } | null {
  const event = body.data?.event_type;
  const payload = body.data?.payload;
  const providerCallId = payload?.call_control_id;
  const result = payload?.result;
  if (!providerCallId || typeof result !== 'string') return null;
  let answeredBy: string | undefined;
  if (event === 'call.machine.detection.ended' || event === 'call.machine.premium.detection.ended') {
    answeredBy = Object.hasOwn(DETECTION, result) ? DETECTION[result] : undefined;
    if (answeredBy === 'machine_start' && waitsForGreeting(payload?.client_state)) return null;
  } else if (event === 'call.machine.greeting.ended' || event === 'call.machine.premium.greeting.ended')
    answeredBy = Object.hasOwn(GREETING, result) ? GREETING[result] : undefined;
  return answeredBy ? { providerCallId, answeredBy } : null;
}

function waitsForGreeting(clientState: string | null | undefined): boolean {
  if (!clientState) return false;
  return Buffer.from(clientState, 'base64').toString('utf8').endsWith(AFTER_GREETING);
}
