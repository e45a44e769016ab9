import { sql } from 'kysely';
import type { Executor } from '../client';

/**
 * One media stream per live call (media_stream_leases): the media process that accepts a run's stream claims the run,
 * renews its claims every few seconds while their streams are open, and gives each back when its stream ends. A claim
 * not renewed for `staleSeconds` belongs to a process that died with the stream open, and may be taken over.
 */

/** Claims the run's stream for `stream` of `holder`; false while another stream holds it. */
export async function claimMediaStream(
  db: Executor,
  claim: { runId: number; holder: string; stream: string; staleSeconds: number },
): Promise<boolean> {
  const row = await db
    .insertInto('media_stream_leases')
    .values({ run_id: claim.runId, holder: claim.holder, stream: claim.stream })
    .onConflict((oc) =>
      oc
        .column('run_id')
        .doUpdateSet({
          holder: claim.holder,
          stream: claim.stream,
          opened_at: sql`now()`,
          renewed_at: sql`now()`,
        })
        .where(
          sql<boolean>`media_stream_leases.renewed_at < now() - make_interval(secs => ${claim.staleSeconds})`,
        ),
    )
    .returning('run_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Renews every claim of `holder`; answers the runs it still holds (a claim taken over is missing). */
export async function renewMediaStreams(db: Executor, holder: string): Promise<number[]> {
  const rows = await db
    .updateTable('media_stream_leases')
    .set({ renewed_at: sql`now()` })
    .where('holder', '=', holder)
    .returning('run_id')
    .execute();
  return rows.map((row) => row.run_id);
}

/** Gives the run's stream back, if `stream` still holds it. */
export async function releaseMediaStream(db: Executor, release: { runId: number; stream: string }) {
  await db
    .deleteFrom('media_stream_leases')
    .where('run_id', '=', release.runId)
    .where('stream', '=', release.stream)
    .execute();
}
