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
  `runs/${organizationId}/${runId}/${file}`;

export const transcriptKey = (organizationId: number, runId: number) =>
  runArtifactKey(organizationId, runId, 'transcript.json');
