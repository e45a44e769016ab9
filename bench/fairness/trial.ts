import { loadavg } from 'node:os';
import { sql } from 'kysely';
import { insertAgent } from '../../test/helpers/fixtures';
import { createTestOrganization } from '../../test/helpers/organizations';
import {
  campaignAction,
  campaignRow,
  createBenchCampaign,
  databaseNow,
  sleep,
  type BenchCampaign,
} from '../engine/campaigns';
import { round } from '../engine/report';
import { attemptPhases, historyPhases, type Phases } from './phases';
import { log, type BenchStack } from '../engine/stack';

/**
 * One trial of the fairness benchmark on a fresh stack: organization A's small campaign measured alone, then again
 * while organization B's big campaign dials on the same worker(s). Every instant is read from PostgreSQL's clock.
 */
export interface FairnessSpec {
  smallContacts: number;
  smallConcurrency: number;
  /** The simulator's talk time of A's calls (B's calls are instant, as in the engine ceiling). */
  smallTalkSeconds: number;
  bigContacts: number;
  bigConcurrency: number;
  /** How long B dials before A starts beside it (B at its steady rate). */
  bigHeadStartSeconds: number;
  workers: number;
}

export interface SmallRun {
  /** `clock_timestamp()` just before `POST …/start` → `campaigns.completed_at`. */
  completionSeconds: number;
  /** First call request → last attempt outcome. */
  dialingSeconds: number;
  attempts: number;
  startAt: Date;
  completedAt: Date;
  /** Where its time went (`phases.ts`). */
  phases: Phases;
}

export interface FairnessTrial {
  alone: SmallRun;
  beside: SmallRun;
  /** `beside.completionSeconds ÷ alone.completionSeconds`. */
  slowdown: number;
  /** B's attempts finished per second while A ran beside it (A's start request → A's completion). */
  bigRateDuringSmall: number;
  /** B's attempts per second over its head start (alone). */
  bigRateBefore: number;
  meanLoad1m: number;
}

/** The same stack as seen by another organization (its own API key and agent). */
async function asOrganization(stack: BenchStack): Promise<BenchStack> {
  const org = await createTestOrganization(stack.ctx.db);
  const { agentId } = await insertAgent(stack.ctx.db, org.organizationId);
  return { ...stack, org, agentId };
}

/** The campaign's attempts whose outcome came in `[from, to)` (database clock). */
async function finishedBetween(stack: BenchStack, campaignId: number, from: Date, to: Date) {
  const row = await stack.ctx.db
    .selectFrom('attempts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('campaign_id', '=', campaignId)
    .where('finished_at', '>=', from)
    .where('finished_at', '<', to)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Starts the campaign and waits for `completed`; its figures come from the database's timestamps. */
async function runSmall(stack: BenchStack, campaign: BenchCampaign, loads: number[]): Promise<SmallRun> {
  const startAt = await databaseNow(stack);
  await campaignAction(stack, campaign.campaignId, 'start');
  for (let polls = 0; ; polls++) {
    await sleep(200);
    const row = await campaignRow(stack, campaign.campaignId);
    if (polls % 10 === 0) loads.push(loadavg()[0]!);
    if (row.state === 'failed') throw new Error(`campaign ${campaign.campaignId} failed`);
    if (row.state !== 'completed') continue;
    const times = await stack.ctx.db
      .selectFrom('attempts')
      .select([sql<Date>`max(finished_at)`.as('last'), (eb) => eb.fn.countAll<number>().as('n')])
      .where('campaign_id', '=', campaign.campaignId)
      .executeTakeFirstOrThrow();
    const calls = await stack.ctx.db
      .selectFrom('simulator_calls')
      .select([sql<Date>`min(requested_at)`.as('first'), (eb) => eb.fn.countAll<number>().as('n')])
      .where('telephony_configuration_id', '=', campaign.configurationId)
      .executeTakeFirstOrThrow();
    // Dialed once each: as many attempts and simulator calls as contacts (every number completes).
    if (Number(times.n) !== row.total_rows || Number(calls.n) !== row.total_rows)
      throw new Error(
        `campaign ${campaign.campaignId}: ${times.n} attempts and ${calls.n} calls for ${row.total_rows} contacts`,
      );
    const phases = {
      ...(await attemptPhases(stack, {
        campaignId: campaign.campaignId,
        configurationId: campaign.configurationId,
        concurrency: row.max_concurrency,
      })),
      ...(await historyPhases(stack, `campaign-${campaign.campaignId}`)),
    };
    return {
      phases,
      completionSeconds: round2((row.completed_at!.getTime() - startAt.getTime()) / 1000),
      dialingSeconds: round2((times.last.getTime() - calls.first.getTime()) / 1000),
      attempts: Number(times.n),
      startAt,
      completedAt: row.completed_at!,
    };
  }
}

const round2 = (n: number) => Math.round(n * 100) / 100;

export async function fairnessTrial(stack: BenchStack, spec: FairnessSpec): Promise<FairnessTrial> {
  for (let i = 0; i < spec.workers; i++) await stack.startWorker();
  const orgA = stack;
  const orgB = await asOrganization(stack);
  const small = (name: string) =>
    createBenchCampaign(orgA, {
      name,
      contacts: spec.smallContacts,
      ringSeconds: 0,
      talkSeconds: spec.smallTalkSeconds,
      maxConcurrency: spec.smallConcurrency,
    });
  // Every campaign is created (its CSV uploaded) before any is started: only the dialing is measured.
  const warmUp = await small('fair-warm-up');
  const alone = await small('fair-alone');
  const beside = await small('fair-beside');
  const big = await createBenchCampaign(orgB, {
    name: 'fair-big',
    contacts: spec.bigContacts,
    ringSeconds: 0,
    talkSeconds: 0,
    maxConcurrency: spec.bigConcurrency,
  });
  const loads: number[] = [];
  log('warm-up: A runs once unmeasured (workflow code cached, pools open)');
  await runSmall(stack, warmUp, loads);
  const aloneRun = await runSmall(stack, alone, loads);
  log(`A alone: ${JSON.stringify(aloneRun)}`);

  await campaignAction(orgB, big.campaignId, 'start');
  log(`B started: ${spec.bigContacts} contacts, max_concurrency ${spec.bigConcurrency}`);
  await sleep(3000); // the import
  const headStartFrom = await databaseNow(stack);
  await sleep(spec.bigHeadStartSeconds * 1000);
  const headStartTo = await databaseNow(stack);
  const rate = (from: Date, to: Date) =>
    finishedBetween(stack, big.campaignId, from, to).then((n) =>
      round(n / ((to.getTime() - from.getTime()) / 1000)),
    );
  const bigRateBefore = await rate(headStartFrom, headStartTo);
  log(`B dialing at ${bigRateBefore} attempts/s; A starts beside it`);
  const besideRun = await runSmall(stack, beside, loads);
  const bigRateDuringSmall = await rate(besideRun.startAt, besideRun.completedAt);
  const bigRow = await campaignRow(stack, big.campaignId);
  if (bigRow.state !== 'running')
    throw new Error(`B was ${bigRow.state} when A completed: scale B up so that it outlasts A`);
  log(`A beside B: ${JSON.stringify(besideRun)}; B ${bigRateDuringSmall} attempts/s meanwhile`);
  return {
    alone: aloneRun,
    beside: besideRun,
    slowdown: round2(besideRun.completionSeconds / aloneRun.completionSeconds),
    bigRateDuringSmall,
    bigRateBefore,
    meanLoad1m: round(loads.reduce((a, b) => a + b, 0) / Math.max(1, loads.length)),
  };
}
