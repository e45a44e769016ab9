/** What a placement reads from its agent's settings: how long a call may last and whether it leaves a voicemail. */
import { withConfigurationDefaults } from '../agents/settings';
import { readVoiceSettings } from '../agents/voice-settings';

export interface AgentCallSettings {
  maxCallDurationSeconds: number;
  /** The agent has a voicemail_message: a machine's greeting is waited out (Twilio DetectMessageEnd) to leave it. */
  leavesVoicemail: boolean;
}

export function agentCallSettings(
  configurations: Record<string, unknown> | null | undefined,
): AgentCallSettings {
  return {
    maxCallDurationSeconds: withConfigurationDefaults(configurations).max_call_duration_seconds,
    leavesVoicemail: readVoiceSettings(configurations).voicemailMessage !== null,
  };
}
