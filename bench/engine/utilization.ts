import { sql } from 'kysely';
import {
  attemptStates,
  campaignAction,
  campaignRow,
  createBenchCampaign,
  followUntilCompleted,
  sleep,
} from './campaigns';
import { loadNow, round } from './report';
import { log, type BenchStack } from './stack';

/** Mean attempts in flight ÷ max_concurrency, time-weighted, from the first claim while some contact is not yet dialed. */
export async function utilization(
  stack: BenchStack,
  input: { contacts: number; maxConcurrency: number; talkSeconds: number; workers: number },
) {
  const { contacts, maxConcurrency, talkSeconds } = input;
  for (let i = 0; i < input.workers; i++) await stack.startWorker();
  const { campaignId, configurationId } = await createBenchCampaign(stack, {
    name: 'bench-utilization',
    contacts,
    ringSeconds: 0,
    talkSeconds,
    maxConcurrency,
  });
  await campaignAction(stack, campaignId, 'start');
  log(
    `utilization: campaign ${campaignId}: ${contacts} contacts, ${talkSeconds} s calls, max_concurrency ${maxConcurrency}`,
  );
  let weighted = 0;
  let weightedLive = 0;
  let span = 0;
  let maxSeen = 0;
  let firstFullAt: number | null = null;
  let firstClaimAt: number | null = null;
  let last: { at: number; ratio: number; live: number } | null = null;
  let lastPrint = 0;
  for (;;) {
    const states = await attemptStates(stack, campaignId);
    const live = await stack.ctx.db
      .selectFrom('simulator_calls')
      .select(sql<number>`count(*)`.as('n'))
      .where('telephony_configuration_id', '=', configurationId)
      .where('ended_at', 'is', null)
      .executeTakeFirstOrThrow();
    const at = Date.now();
    const inFlight = (states.placing ?? 0) + (states.placed ?? 0);
    const dialedOrDone = inFlight + (states.finished ?? 0);
    maxSeen = Math.max(maxSeen, inFlight);
    if (firstClaimAt === null && dialedOrDone > 0) firstClaimAt = at;
    if (firstFullAt === null && inFlight >= maxConcurrency) firstFullAt = at;
    if (last) {
      weighted += last.ratio * (at - last.at);
      weightedLive += last.live * (at - last.at);
      span += at - last.at;
    }
    const dialableLeft = contacts - dialedOrDone;
    last =
      firstClaimAt !== null && dialableLeft > 0
        ? { at, ratio: inFlight / maxConcurrency, live: Number(live.n) / maxConcurrency }
        : null;
    if (at - lastPrint > 5000) {
      lastPrint = at;
      log(
        `utilization: in flight ${inFlight}/${maxConcurrency} (simulator live ${live.n}), not yet dialed ${dialableLeft}, finished ${states.finished ?? 0}, load ${loadNow().join(' ')}`,
      );
      // Every uploaded number must be imported and dialed: a campaign that ends first lost some.
      const campaign = await campaignRow(stack, campaignId);
      if (campaign.state === 'completed' || campaign.state === 'failed')
        throw new Error(
          `campaign ${campaignId} ${campaign.state} with ${dialableLeft} of ${contacts} uploaded contacts never dialed ` +
            `(total_rows ${campaign.total_rows}, invalid_rows ${campaign.invalid_rows}, duplicate_rows ${campaign.duplicate_rows})`,
        );
    }
    if (firstClaimAt !== null && dialableLeft <= 0) break;
    await sleep(200);
  }
  await followUntilCompleted(stack, campaignId, { everyMs: 10_000 });
  return {
    contacts,
    maxConcurrency,
    talkSeconds,
    sampledSeconds: round(span / 1000),
    meanInFlightRatio: Number((weighted / span).toFixed(4)),
    meanSimulatorLiveRatio: Number((weightedLive / span).toFixed(4)),
    maxInFlight: maxSeen,
    rampSecondsToFull: firstFullAt && firstClaimAt ? round((firstFullAt - firstClaimAt) / 1000) : null,
  };
}
