/** Reads what the voice benchmark needs from a run's stored transcript: each agent reply's measured latency. */
import type { AppContext } from '../../api/context';

/** Waits (up to 60 s) for the run to complete, then reads its transcript; null when it never did. */
export async function findRunTranscript(
  ctx: AppContext,
  runId: number,
): Promise<{ firstAudioMs: number[] } | null> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const run = await ctx.db
      .selectFrom('runs')
      .select(['is_completed', 'transcript_key'])
      .where('id', '=', runId)
      .executeTakeFirst();
    if (run?.is_completed && run.transcript_key) {
      const chunks: Buffer[] = [];
      for await (const chunk of await ctx.storage.getObjectStream(run.transcript_key))
        chunks.push(chunk as Buffer);
      const document = JSON.parse(Buffer.concat(chunks).toString()) as {
        turns: Array<{ role: string; latency?: { first_audio_ms?: number } }>;
      };
      return {
        firstAudioMs: document.turns.flatMap((turn) =>
          turn.role === 'agent' && typeof turn.latency?.first_audio_ms === 'number'
            ? [turn.latency.first_audio_ms]
            : [],
        ),
      };
    }
    if (Date.now() > deadline) return null;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
