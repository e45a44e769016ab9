import { loadavg } from 'node:os';
import { sql } from 'kysely';
import {
  benchPhone,
  campaignAction,
  campaignRow,
  createBenchCampaign,
  databaseNow,
  followUntilCompleted,
  mixedPhone,
} from './campaigns';
import { hundredthOfContacts, seedDoNotCallList, type DoNotCallSeed } from '../shared/do-not-call-seed';
import { historyFigures } from './history';
import { verifyContactOutcomes, type ExpectedRule } from './outcome-rule';
import { round } from './report';
import { startProbeFlood, type ProbeFloodResult } from './probe-flood-run';
import { log, type BenchStack } from './stack';

/**
 * One trial of a dialing run on a fresh stack: `ceiling` and `large` (every number `completed`, one attempt each)
 * and `mixed` (numbers ending 0–9, busy and no_answer retried). Zero talk time: the simulator's calls end on its
 * runner's next 100 ms tick. Every figure is read from the database's own timestamps (one clock).
 */
export type DialingMode = 'ceiling' | 'large' | 'mixed';

export interface DialingSpec {
  mode: DialingMode;
  contacts: number;
  maxConcurrency: number;
  workers: number;
  /** Numbers on the organization's do-not-call list before the start (0: an empty list), 1 % of them contacts'. */
  doNotCall: number;
  /** Clients flooding the API's probes during the trial (0: none; bench/engine/probe-flood.ts). */
  probeFlood: number;
}

/** Retries in the mixed run: busy and no_answer twice more after 1 s; voicemail and failed are final. */
export const MIXED_RETRY = {
  enabled: true,
  max_retries: 2,
  retry_delay_seconds: 1,
  retry_on_busy: true,
  retry_on_no_answer: true,
  retry_on_voicemail: false,
};

export interface DialingTrial {
  contacts: number;
  attempts: number;
  simulatorCalls: number;
  /** Contacts that ended `do_not_call` (their number was seeded on the list): attempts without a call. */
  doNotCallContacts: number;
  /** The list as seeded (null: no --do-not-call). */
  doNotCallSeed: DoNotCallSeed | null;
  attemptsPerContact: number;
  state: string;
  executed: number;
  /** Headline: attempts ÷ (last attempt outcome − first simulator call request). */
  attemptsPerSecond: number;
  /** Simulator calls ÷ the headline's span: the same rate counting only attempts that dialed. */
  callsPerSecond: number;
  dialingSeconds: number;
  /** Attempts ÷ (last attempt outcome − the start request): the import and the first dispatch included. */
  attemptsPerSecondFromStart: number;
  /** The start request → the first simulator call request: import, workflow start, first claim and placement. */
  startToFirstCallSeconds: number;
  /** Secondary: attempts finished between the 10th and 90th percentile outcome time ÷ that span. */
  attemptsPerSecondSustained: number;
  /** The last attempt outcome (`attempts.finished_at`) → `campaigns.completed_at`. */
  completionLagMs: number;
  runs: number;
  events: number;
  eventsPerAttempt: number;
  largestRunEvents: number;
  largestRunBytes: number;
  meanLoad1m: number;
  /** The probe flood beside the trial (null: none). */
  probeFlood: ProbeFloodResult | null;
}

export async function dialingTrial(stack: BenchStack, spec: DialingSpec): Promise<DialingTrial> {
  for (let i = 0; i < spec.workers; i++) await stack.startWorker();
  log(`${spec.workers} engine worker process(es) polling`);
  const mixed = spec.mode === 'mixed';
  const phone = mixed ? mixedPhone : benchPhone;
  const { campaignId, configurationId } = await createBenchCampaign(stack, {
    name: `bench-${spec.mode}`,
    contacts: spec.contacts,
    ringSeconds: 0,
    talkSeconds: 0,
    maxConcurrency: spec.maxConcurrency,
    phone,
    ...(mixed ? { retryConfig: MIXED_RETRY } : {}),
  });
  // Seeded before the start request: the measured part (import, queueing, claims) runs against the full list.
  const hits = spec.doNotCall > 0 ? hundredthOfContacts(spec.contacts, phone) : [];
  let doNotCallSeed: DoNotCallSeed | null = null;
  if (spec.doNotCall > 0) {
    doNotCallSeed = await seedDoNotCallList(stack.ctx.db, {
      organizationId: stack.org.organizationId,
      count: spec.doNotCall,
      hits,
    });
    log(`${spec.mode}: do-not-call list seeded: ${JSON.stringify(doNotCallSeed)}`);
  }
  const listed = new Set(hits.slice(0, doNotCallSeed?.hits ?? 0));
  const flood = spec.probeFlood > 0 ? await startProbeFlood(stack, spec.probeFlood) : null;
  const startRequestAt = await databaseNow(stack);
  await campaignAction(stack, campaignId, 'start');
  log(
    `${spec.mode}: campaign ${campaignId} started: ${spec.contacts} contacts, max_concurrency ${spec.maxConcurrency}`,
  );
  const loads: number[] = [];
  await followUntilCompleted(stack, campaignId, { loads });
  const probeFlood = flood ? await flood.stop() : null;
  if (probeFlood) log(`${spec.mode}: probe flood ${JSON.stringify(probeFlood)}`);
  const row = await campaignRow(stack, campaignId);
  if (row.state !== 'completed') throw new Error(`campaign ${campaignId} ended ${row.state}`);

  // Every contact's outcome and attempt count, and the simulator's calls to its number, as the rule says.
  // (ceiling and large run with the contract's default retries, also 2 for busy and no_answer: all their numbers
  // complete at the first attempt.)
  const rule: ExpectedRule = { maxRetries: MIXED_RETRY.max_retries, retried: ['busy', 'no_answer'] };
  const verified = await verifyContactOutcomes(stack, {
    campaignId,
    configurationId,
    contacts: spec.contacts,
    rule,
    listed,
  });

  const times = await dialingTimes(stack, campaignId, configurationId);
  const dialingSeconds = (times.lastOutcome.getTime() - times.firstCall.getTime()) / 1000;
  const fromStartSeconds = (times.lastOutcome.getTime() - startRequestAt.getTime()) / 1000;
  const sustainedSeconds = (times.p90.getTime() - times.p10.getTime()) / 1000;
  const { serverSeconds: _workflowSeconds, ...history } = await historyFigures(
    stack,
    `campaign-${campaignId}`,
  );
  return {
    contacts: spec.contacts,
    attempts: verified.attempts,
    simulatorCalls: verified.simulatorCalls,
    doNotCallContacts: verified.byOutcome.do_not_call ?? 0,
    doNotCallSeed,
    attemptsPerContact: Number((verified.attempts / spec.contacts).toFixed(3)),
    state: row.state,
    executed: row.executed_count,
    attemptsPerSecond: round(verified.attempts / dialingSeconds),
    callsPerSecond: round(verified.simulatorCalls / dialingSeconds),
    dialingSeconds: round(dialingSeconds),
    attemptsPerSecondFromStart: round(verified.attempts / fromStartSeconds),
    startToFirstCallSeconds: round((times.firstCall.getTime() - startRequestAt.getTime()) / 1000),
    attemptsPerSecondSustained: round((verified.attempts * 0.8) / sustainedSeconds),
    completionLagMs: row.completed_at!.getTime() - times.lastOutcome.getTime(),
    ...history,
    eventsPerAttempt: round(history.events / verified.attempts),
    meanLoad1m: round(loads.reduce((a, b) => a + b, 0) / Math.max(1, loads.length) || loadavg()[0]!),
    probeFlood,
  };
}

/** First simulator call request, last attempt outcome, and the 10th/90th percentile outcome times. */
async function dialingTimes(stack: BenchStack, campaignId: number, configurationId: number) {
  const outcomes = await stack.ctx.db
    .selectFrom('attempts')
    .select([
      sql<Date>`max(finished_at)`.as('last_outcome'),
      sql<Date>`percentile_disc(0.1) within group (order by finished_at)`.as('p10'),
      sql<Date>`percentile_disc(0.9) within group (order by finished_at)`.as('p90'),
    ])
    .where('campaign_id', '=', campaignId)
    .executeTakeFirstOrThrow();
  const calls = await stack.ctx.db
    .selectFrom('simulator_calls')
    .select(sql<Date>`min(requested_at)`.as('first_call'))
    .where('telephony_configuration_id', '=', configurationId)
    .executeTakeFirstOrThrow();
  return {
    firstCall: calls.first_call,
    lastOutcome: outcomes.last_outcome,
    p10: outcomes.p10,
    p90: outcomes.p90,
  };
}
