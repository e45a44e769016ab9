import { ownPath } from './format';
import type { RunDetail } from './run-queries';

const DOWNLOADS = [
  { field: 'transcript_public_url', label: 'Transcript (JSON)', file: 'transcript.json' },
  { field: 'recording_public_url', label: 'Recording (WAV)', file: 'recording.wav' },
  { field: 'user_recording_public_url', label: "Caller's recording (WAV)", file: 'caller.wav' },
  { field: 'bot_recording_public_url', label: "Agent's recording (WAV)", file: 'agent.wav' },
] as const;

/**
 * The recording's player and the run's files. The links are the run's public links (an expiring token, no
 * credentials needed, so the browser's own download and the audio element can use them), taken on this origin.
 */
export function RunArtifacts({ detail }: { detail: RunDetail }) {
  const recording = detail.recording_public_url;
  const files = DOWNLOADS.filter((download) => detail[download.field]);
  return (
    <>
      <section className="run-recording" aria-labelledby="run-recording-title">
        <h2 id="run-recording-title">Recording</h2>
        {recording ? (
          <audio controls preload="metadata" src={ownPath(recording)} aria-label="Call recording" />
        ) : (
          <p className="muted">
            No recording for this run
            {detail.is_completed && detail.no_conversation ? `: ${detail.no_conversation.message}` : '.'}
          </p>
        )}
      </section>
      <section aria-labelledby="run-downloads-title">
        <h2 id="run-downloads-title">Downloads</h2>
        {files.length === 0 ? (
          <p className="muted">No files yet.</p>
        ) : (
          <ul className="run-downloads">
            {files.map((download) => (
              <li key={download.field}>
                <a href={ownPath(detail[download.field]!)} download={`run-${detail.id}-${download.file}`}>
                  {download.label}
                </a>
              </li>
            ))}
          </ul>
        )}
        {files.length > 0 && (
          <p className="hint">The links expire after a while; reload the page for fresh ones.</p>
        )}
      </section>
    </>
  );
}
