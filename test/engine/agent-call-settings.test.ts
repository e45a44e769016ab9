import { describe, expect, it } from 'vitest';
import { agentCallSettings } from '../../engine/agent-call-settings';

/** What a placement reads from the agent: its call limit and whether Twilio should wait out a machine's greeting. */
describe('agentCallSettings', () => {
  it('leaves a voicemail only when the agent has a voicemail_message', () => {
    expect(agentCallSettings({ voicemail_message: 'Please call us back.' })).toEqual({
      maxCallDurationSeconds: 1800,
      leavesVoicemail: true,
    });
    expect(agentCallSettings({ max_call_duration_seconds: 90 })).toEqual({
      maxCallDurationSeconds: 90,
      leavesVoicemail: false,
    });
    for (const blank of ['', '   ', null])
      expect(agentCallSettings({ voicemail_message: blank }).leavesVoicemail).toBe(false);
    expect(agentCallSettings(null)).toEqual({ maxCallDurationSeconds: 1800, leavesVoicemail: false });
  });
});
