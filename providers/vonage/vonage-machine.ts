/**
 * Vonage's advanced machine detection (Voice API, create call `advanced_machine_detection` {behavior, mode,
 * beep_timeout}): with `behavior: 'continue'` the call goes on and the verdict comes among the call's events on its
 * `event_url`, as `{uuid, status: 'human' | 'machine', sub_state?}`. Mode `detect` reports `human` or `machine` once;
 * mode `detect_beep` (the agent leaves a message) reports a machine, then `sub_state: 'beep_start'` when its greeting
 * ends in a beep, or `sub_state: 'beep_timeout'` when no beep came within `beep_timeout` seconds.
 *
 * Verdicts in Twilio's words (providers/adapter.ts MachineDetectionWebhook): `human` → `human`; a machine →
 * `machine_start`; `beep_start` → `machine_end_beep`; `beep_timeout` → `machine_end_other`. In `detect_beep` mode the
 * first `machine` report is no verdict yet (the message must wait for the beep): the event URL says the mode
 * (`amd=detect_beep` beside the token), and that report is read as the call in progress.
 */
export interface VonageMachineEvent {
  uuid?: unknown;
  status?: unknown;
  sub_state?: unknown;
}

/** The event URL's parameter naming the detection mode, where it is `detect_beep`. */
const MODE_PARAMETER = 'amd';
const AWAITS_BEEP = 'detect_beep';
/** How long Vonage listens for the beep (its documented range is 45–120 s). */
const BEEP_TIMEOUT_SECONDS = 45;

/** The create-call field asking for detection; a message to leave waits for the beep. */
export function vonageMachineDetection(leavesVoicemail: boolean) {
  return leavesVoicemail
    ? { behavior: 'continue', mode: 'detect_beep', beep_timeout: BEEP_TIMEOUT_SECONDS }
    : { behavior: 'continue', mode: 'detect' };
}

/** The call's event URL: the status callback URL, saying `amd=detect_beep` when detection waits for the beep. */
export function vonageEventUrl(statusCallbackUrl: string, awaitsBeep: boolean): string {
  if (!awaitsBeep) return statusCallbackUrl;
  const url = new URL(statusCallbackUrl);
  url.searchParams.set(MODE_PARAMETER, AWAITS_BEEP);
  return url.toString();
}

/** Whether an event is a machine-detection report rather than a call status. */
export function isMachineDetectionEvent(event: VonageMachineEvent): boolean {
  return event.status === 'human' || event.status === 'machine';
}

/** A `machine` report without its beep, on a call whose detection waits for the beep (`url` is the event URL). */
export function awaitsBeep(url: string, event: VonageMachineEvent): boolean {
  if (event.status !== 'machine' || event.sub_state === 'beep_start' || event.sub_state === 'beep_timeout')
    return false;
  try {
    return new URL(url).searchParams.get(MODE_PARAMETER) === AWAITS_BEEP;
  } catch {
    return false;
  }
}

/** The verdict of a machine-detection report, in Twilio's words; null when the body is not one. */
export function vonageMachineVerdict(
  event: VonageMachineEvent,
): { providerCallId: string; answeredBy: string } | null {
  if (typeof event.uuid !== 'string' || !event.uuid || !isMachineDetectionEvent(event)) return null;
  if (event.status === 'human') return { providerCallId: event.uuid, answeredBy: 'human' };
  const answeredBy =
    event.sub_state === 'beep_start'
      ? 'machine_end_beep'
      : event.sub_state === 'beep_timeout'
        ? 'machine_end_other'
        : 'machine_start';
  return { providerCallId: event.uuid, answeredBy };
}
