/** Where a run's artifacts live in object storage: under the organization's prefix, one folder per run. */

export const ARTIFACTS = ['recording', 'transcript', 'user_recording', 'bot_recording'] as const;
export type ArtifactName = (typeof ARTIFACTS)[number];

/** The run column holding each artifact's storage key. */
export const ARTIFACT_COLUMNS = {
  recording: 'recording_key',
  transcript: 'transcript_key',
  user_recording: 'user_recording_key',
  bot_recording: 'bot_recording_key',
} as const satisfies Record<ArtifactName, string>;

export const runArtifactKey = (organizationId: number, runId: number, file: string) =>
  `${organizationArtifactsPrefix(organizationId)}${runId}/${file}`;

/** Where every run artifact of an organization lives (data lifecycle: organization deletion). */
export const organizationArtifactsPrefix = (organizationId: number) => `runs/${organizationId}/`;

/** Where every artifact of one run lives (data lifecycle: run deletion). */
export const runArtifactsPrefix = (organizationId: number, runId: number) =>
  `${organizationArtifactsPrefix(organizationId)}${runId}/`;

export const transcriptKey = (organizationId: number, runId: number) =>
  runArtifactKey(organizationId, runId, 'transcript.json');

/** Where a call's three recordings go (run columns: recording_key, user_recording_key, bot_recording_key). */
export interface RecordingKeys {
  /** Caller and agent together. */
  mixed: string;
  /** The caller alone (the run's user recording). */
  caller: string;
  /** The agent alone (the run's bot recording). */
  agent: string;
}

export const recordingKeys = (organizationId: number, runId: number): RecordingKeys => ({
  mixed: runArtifactKey(organizationId, runId, 'recording.wav'),
  caller: runArtifactKey(organizationId, runId, 'user_recording.wav'),
  agent: runArtifactKey(organizationId, runId, 'bot_recording.wav'),
});
