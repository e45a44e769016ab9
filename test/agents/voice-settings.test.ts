import { describe, expect, it } from 'vitest';
import { readVoiceSettings } from '../../agents/voice-settings';

describe('readVoiceSettings', () => {
  it('fills every default for an agent without voice keys', () => {
    const defaults = {
      voiceConfigId: null,
      voice: null,
      language: 'en-US',
      model: null,
      maxDurationSeconds: 1800,
      endOfTurnSeconds: 0.8,
      interruptionSeconds: 0.3,
      vadEngine: 'silero',
      vadConfidence: null,
      minimumVolume: null,
      completeTurnSeconds: 0.3,
      unfinishedTurnSeconds: 1.5,
      interruptionStrategy: 'default',
      interruptionWords: 3,
      provisionalPauseSeconds: 1.5,
      idleTimeoutSeconds: 10,
      disclosureMessage: null,
      recordingEnabled: true,
      voicemailMessage: null,
      contextCompaction: false,
      maxToolCallsPerTurn: 5,
    };
    expect(readVoiceSettings(undefined)).toEqual(defaults);
    expect(readVoiceSettings(null)).toEqual(defaults);
    expect(readVoiceSettings({ generator: 'builtin' })).toEqual(defaults);
  });

  it('reads each key under its Dograh name', () => {
    expect(
      readVoiceSettings({
        voice_config_id: 42,
        voice: 'kal16',
        language: 'fr-FR',
        model: 'llama-3.1-8b',
        max_call_duration_seconds: 300,
        vad_configuration: {
          start_seconds: 0.5,
          stop_seconds: 1.2,
          engine: 'webrtc',
          confidence: 0.7,
          minimum_volume: 0.6,
        },
        max_user_idle_timeout: 25,
        turn_stop_strategy: 'turn_analyzer',
        smart_turn_stop_secs: 2.5,
        turn_start_strategy: 'min_words',
        turn_start_min_words: 2,
        provisional_vad_pause_secs: 1,
        disclosure_message: '  This call is recorded.  ',
        recording_enabled: false,
        voicemail_message: 'Please call us back.',
        context_compaction_enabled: true,
        max_tool_calls_per_turn: 2,
      }),
    ).toEqual({
      voiceConfigId: 42,
      voice: 'kal16',
      language: 'fr-FR',
      model: 'llama-3.1-8b',
      maxDurationSeconds: 300,
      endOfTurnSeconds: 1.2,
      interruptionSeconds: 0.5,
      vadEngine: 'webrtc',
      vadConfidence: 0.7,
      minimumVolume: 0.6,
      completeTurnSeconds: 0.3,
      unfinishedTurnSeconds: 2.5,
      interruptionStrategy: 'min_words',
      interruptionWords: 2,
      provisionalPauseSeconds: 1,
      idleTimeoutSeconds: 25,
      disclosureMessage: 'This call is recorded.',
      recordingEnabled: false,
      voicemailMessage: 'Please call us back.',
      contextCompaction: true,
      maxToolCallsPerTurn: 2,
    });
  });

  it('takes the default for each stored value outside the bounds the API enforces', () => {
    const settings = readVoiceSettings({
      voice_config_id: 0,
      voice: 'slt; rm -rf /',
      language: 'english please',
      model: '   ',
      max_call_duration_seconds: -5,
      vad_configuration: { start_seconds: 0.3, stop_seconds: 60 },
      max_user_idle_timeout: 0.5,
      turn_stop_strategy: 'smart',
      smart_turn_stop_secs: 0,
      turn_start_strategy: 'words',
      turn_start_min_words: 2.5,
      provisional_vad_pause_secs: 60,
      disclosure_message: 'x'.repeat(1001),
      recording_enabled: 'no',
      voicemail_message: 12,
    });
    expect(settings).toEqual(readVoiceSettings({}));
    const unknownEngine = { start_seconds: 0.3, stop_seconds: 0.8, engine: 'rnnoise' };
    expect(readVoiceSettings({ vad_configuration: unknownEngine }).vadEngine).toBe('silero');
  });

  it('reads smart_turn_stop_secs only under turn_analyzer: transcription waits its own 1.5 s on an unfinished phrase', () => {
    expect(readVoiceSettings({ smart_turn_stop_secs: 3 }).unfinishedTurnSeconds).toBe(1.5);
    expect(readVoiceSettings({ turn_stop_strategy: 'turn_analyzer' }).unfinishedTurnSeconds).toBe(2);
  });

  it('treats null and blank lines as "nothing to say", and a null id as no configuration', () => {
    const settings = readVoiceSettings({
      voice_config_id: null,
      disclosure_message: ' ',
      voicemail_message: null,
    });
    expect(settings).toMatchObject({ voiceConfigId: null, disclosureMessage: null, voicemailMessage: null });
  });
});
