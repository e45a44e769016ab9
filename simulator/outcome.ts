import type { CallOutcome } from '../domain/outcomes';
import type { CallStatus } from '../providers/provider';

/** How the simulated callee behaves: chosen when the call is placed, played out by the runner. */
export interface SimulatedCall {
  outcome: CallOutcome;
  /** Seconds until the call ends, counted from the placement. */
  endsAfterSeconds: number;
  ringSeconds: number;
  talkSeconds: number;
  /** The longest the call may talk: the placement's max call duration (a conversation ends there at the latest). */
  timeLimitSeconds: number;
}

export interface SimulatorSettings {
  ringSeconds: number;
  talkSeconds: number;
  script: Record<string, string[]> | null;
}

/** Contract rule: the number's last digit picks the outcome (0–5 completed, 6 busy, 7 no_answer, 8 voicemail, 9 failed). */
export function outcomeByLastDigit(phoneNumber: string): CallOutcome {
  const digit = Number(phoneNumber.replace(/\D/g, '').slice(-1));
  if (Number.isNaN(digit) || digit <= 5) return 'completed';
  return (['busy', 'no_answer', 'voicemail', 'failed'] as const)[digit - 6]!;
}

/**
 * The outcome of the n-th call (0-based) to `to`: the script's n-th entry when the number is scripted (its last
 * entry repeats), otherwise the last-digit rule. An answered call that would ring past the ring timeout is no_answer.
 */
export function simulateCall(
  to: string,
  priorCalls: number,
  settings: SimulatorSettings,
  limits: { ringTimeoutSeconds: number; maxCallDurationSeconds: number },
): SimulatedCall {
  const scripted = settings.script?.[to];
  const planned = (
    scripted && scripted.length > 0 ? scripted[Math.min(priorCalls, scripted.length - 1)] : undefined
  ) as CallOutcome | undefined;
  let outcome = planned ?? outcomeByLastDigit(to);
  const answered = outcome === 'completed' || outcome === 'voicemail';
  if (answered && settings.ringSeconds > limits.ringTimeoutSeconds) outcome = 'no_answer';
  if (outcome === 'no_answer') {
    const ringSeconds = Math.min(settings.ringSeconds, limits.ringTimeoutSeconds);
    return { outcome, ringSeconds, talkSeconds: 0, endsAfterSeconds: ringSeconds, timeLimitSeconds: 0 };
  }
  if (outcome === 'completed' || outcome === 'voicemail') {
    const talkSeconds = Math.min(settings.talkSeconds, limits.maxCallDurationSeconds);
    return {
      outcome,
      ringSeconds: settings.ringSeconds,
      talkSeconds,
      endsAfterSeconds: settings.ringSeconds + talkSeconds,
      timeLimitSeconds: limits.maxCallDurationSeconds,
    };
  }
  // busy, failed, invalid_number, canceled: the network answers at once.
  return {
    outcome,
    ringSeconds: 0,
    talkSeconds: 0,
    endsAfterSeconds: Math.min(settings.ringSeconds, 0.2),
    timeLimitSeconds: 0,
  };
}

/** What the simulator reports, in the shape of a real vendor's status callback (Twilio's field names). */
export interface SimulatorStatusReport {
  CallSid: string;
  AttemptRef: string;
  CallStatus:
    'queued' | 'ringing' | 'in-progress' | 'completed' | 'busy' | 'no-answer' | 'failed' | 'canceled';
  AnsweredBy: 'human' | 'machine_start' | null;
  CallDuration: number;
  SipResponseCode: number | null;
}

/** The final status words of an outcome. */
export function finalStatusOf(
  outcome: CallOutcome,
): Pick<SimulatorStatusReport, 'CallStatus' | 'AnsweredBy' | 'SipResponseCode'> {
  switch (outcome) {
    case 'completed':
      return { CallStatus: 'completed', AnsweredBy: 'human', SipResponseCode: 200 };
    case 'voicemail':
      return { CallStatus: 'completed', AnsweredBy: 'machine_start', SipResponseCode: 200 };
    case 'busy':
      return { CallStatus: 'busy', AnsweredBy: null, SipResponseCode: 486 };
    case 'no_answer':
      return { CallStatus: 'no-answer', AnsweredBy: null, SipResponseCode: 480 };
    case 'canceled':
      return { CallStatus: 'canceled', AnsweredBy: null, SipResponseCode: 487 };
    case 'invalid_number':
      return { CallStatus: 'failed', AnsweredBy: null, SipResponseCode: 404 };
    default:
      return { CallStatus: 'failed', AnsweredBy: null, SipResponseCode: 500 };
  }
}

/** The outcome a status report means (the simulator provider's status mapping). */
export function outcomeOfReport(
  report: Pick<SimulatorStatusReport, 'CallStatus' | 'AnsweredBy' | 'SipResponseCode'>,
): CallOutcome | null {
  switch (report.CallStatus) {
    case 'completed':
      return report.AnsweredBy?.startsWith('machine') ? 'voicemail' : 'completed';
    case 'busy':
      return 'busy';
    case 'no-answer':
      return 'no_answer';
    case 'canceled':
      return 'canceled';
    case 'failed':
      return report.SipResponseCode === 404 ? 'invalid_number' : 'failed';
    default:
      return null;
  }
}

/** A status report (callback body or lookup) in the engine's terms. */
export function callStatusOf(report: SimulatorStatusReport): CallStatus {
  const outcome = outcomeOfReport(report);
  if (!outcome) return { state: 'in_progress', providerCallId: report.CallSid, rawStatus: report.CallStatus };
  return {
    state: 'ended',
    providerCallId: report.CallSid,
    outcome,
    rawStatus: report.AnsweredBy ? `${report.CallStatus}/${report.AnsweredBy}` : report.CallStatus,
    cause: report.SipResponseCode === null ? null : `sip:${report.SipResponseCode}`,
    durationSeconds: report.CallDuration,
  };
}
