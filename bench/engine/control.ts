import { sql } from 'kysely';
import {
  attemptStates,
  campaignAction,
  createBenchCampaign,
  databaseNow,
  patchCampaign,
  simulatorRequestsSince,
  sleep,
} from './campaigns';
import { percentile } from './report';
import { log, type BenchStack } from './stack';

/**
 * Control latency as a user sees it, every time on the database server's clock: the clock starts with
 * `clock_timestamp()` read just before the HTTP request (real HTTP over loopback to the API) is sent, and stops at
 * the simulator's `simulator_calls.requested_at` (`now()` of the insert that records the call, made when the
 * placement request reaches it) of the campaign's own configuration.
 * - pause: the last call request after the pause request was sent (0 when none), once no attempt is left `placing`
 *   (every claimed placement has reached the simulator or given up);
 * - resume: the first call request after the resume request was sent;
 * - PATCH (`max_concurrency` + 1 on a campaign whose slots hold 600 s calls): the first call request after it.
 */
export interface ControlFigures {
  trials: number;
  pauseMs: number[];
  resumeMs: number[];
  patchMs: number[];
  /** Request sent → the API's answer received, for each action. */
  /**
   * Resume → the first call request, counted from the first moment after the resume at which the campaign had a free
   * slot (its calls in flight below max_concurrency): with calls that last, a resume may find every slot still busy.
   */
  resumeFromFreeSlotMs: number[];
  pauseAnswerMs: number[];
  resumeAnswerMs: number[];
  patchAnswerMs: number[];
  /** Calls requested after the pause request was sent, per trial. */
  callsAfterPause: number[];
  /** Calls requested in the second before the pause request was sent, per trial: the pause landed among dialing. */
  callsBeforePause: number[];
}

export interface ControlInput {
  trials: number;
  contacts?: number;
  workers: number;
  /** The pause/resume campaign's max_concurrency (default 10) and its calls' talk seconds (default 0). */
  concurrency?: number;
  talkSeconds?: number;
}

export async function controlLatency(stack: BenchStack, input: ControlInput): Promise<ControlFigures> {
  for (let i = 0; i < input.workers; i++) await stack.startWorker();
  const figures: ControlFigures = {
    trials: input.trials,
    pauseMs: [],
    resumeMs: [],
    patchMs: [],
    resumeFromFreeSlotMs: [],
    pauseAnswerMs: [],
    resumeAnswerMs: [],
    patchAnswerMs: [],
    callsAfterPause: [],
    callsBeforePause: [],
  };
  await pauseAndResume(stack, input, figures);
  await patchConcurrency(stack, input, figures);
  return figures;
}

const elapsed = (from: Date, to: Date) => to.getTime() - from.getTime();

/** The action's request, timed on the database clock: when it was sent and when its answer came back. */
async function timedAction(stack: BenchStack, send: () => Promise<void>) {
  const sentAt = await databaseNow(stack);
  await send();
  return { sentAt, answerMs: elapsed(sentAt, await databaseNow(stack)) };
}

async function firstRequestSince(stack: BenchStack, configurationId: number, since: Date, what: string) {
  for (const until = Date.now() + 10_000; Date.now() < until; await sleep(10)) {
    const first = (await simulatorRequestsSince(stack, configurationId, since))[0];
    if (first) return first;
  }
  throw new Error(`${what}: no simulator call request within 10 s`);
}

/**
 * A campaign dialing continuously (by default instant calls, 10 at a time; `--concurrency 500 --talk 5` keeps it at
 * saturation, its slots full of calls); each trial pauses it at a random moment, then resumes.
 */
async function pauseAndResume(stack: BenchStack, input: ControlInput, figures: ControlFigures) {
  const campaign = await createBenchCampaign(stack, {
    name: 'bench-pause',
    // 400 contacts per trial: more than a trial's 1–2 s of dialing 10 at a time can use, so it never runs out.
    contacts: input.contacts ?? Math.max(5000, input.trials * 400),
    ringSeconds: 0,
    talkSeconds: input.talkSeconds ?? 0,
    maxConcurrency: input.concurrency ?? 10,
  });
  const startedAt = await databaseNow(stack);
  await campaignAction(stack, campaign.campaignId, 'start');
  await firstRequestSince(stack, campaign.configurationId, startedAt, 'start');
  const talkMs = (input.talkSeconds ?? 0) * 1000;
  for (let trial = 1; trial <= input.trials; trial++) {
    // Dialing under way; the pause lands at a random moment (with calls that last, once the slots are 90 % full).
    if (talkMs > 0) await untilInFlight(stack, campaign.campaignId, 0.9 * (input.concurrency ?? 10));
    await sleep(500 + Math.random() * 1000);
    const pause = await timedAction(stack, () => campaignAction(stack, campaign.campaignId, 'pause'));
    // Paused for a second, or with calls that last for up to a call's length more (some slots free up meanwhile).
    await sleep(1000 + Math.random() * talkMs);
    const placing = await untilNothingPlacing(stack, campaign.campaignId);
    const late = await simulatorRequestsSince(stack, campaign.configurationId, pause.sentAt);
    figures.pauseMs.push(late.length > 0 ? elapsed(pause.sentAt, late.at(-1)!) : 0);
    figures.pauseAnswerMs.push(pause.answerMs);
    figures.callsAfterPause.push(late.length);
    const oneSecondBefore = new Date(pause.sentAt.getTime() - 1000);
    const before = (await simulatorRequestsSince(stack, campaign.configurationId, oneSecondBefore)).filter(
      (at) => at < pause.sentAt,
    );
    figures.callsBeforePause.push(before.length);

    const resume = await timedAction(stack, () => campaignAction(stack, campaign.campaignId, 'resume'));
    const first = await firstRequestSince(
      stack,
      campaign.configurationId,
      resume.sentAt,
      `trial ${trial}: resume`,
    );
    figures.resumeMs.push(elapsed(resume.sentAt, first));
    figures.resumeAnswerMs.push(resume.answerMs);
    const free = await firstFreeSlot(stack, campaign.campaignId, resume.sentAt, input.concurrency ?? 10);
    figures.resumeFromFreeSlotMs.push(Math.max(0, elapsed(free, first)));
    log(
      `control trial ${trial}: ${before.length} calls requested in the second before the pause; ` +
        `pause → last call request +${figures.pauseMs.at(-1)} ms (${late.length} requested after ` +
        `the pause was sent; answer ${pause.answerMs} ms; settled ${placing}), resume → first call request ` +
        `+${figures.resumeMs.at(-1)} ms (answer ${resume.answerMs} ms; +${figures.resumeFromFreeSlotMs.at(-1)} ms ` +
        `from the first free slot)`,
    );
  }
  await campaignAction(stack, campaign.campaignId, 'pause');
}

/**
 * The first moment at or after `at` when the campaign's attempts in flight (claimed, not finished) were fewer than
 * `slots`: `at` itself, or the end of the call whose end freed the first slot.
 */
async function firstFreeSlot(stack: BenchStack, campaignId: number, at: Date, slots: number): Promise<Date> {
  const { rows } = await sql<{ finished_at: Date | null }>`
    select finished_at from attempts
    where campaign_id = ${campaignId} and placing_at <= ${at} and (finished_at is null or finished_at > ${at})
    order by finished_at nulls last`.execute(stack.ctx.db);
  if (rows.length < slots) return at;
  return rows[rows.length - slots]?.finished_at ?? at;
}

/** Waits until at least `count` attempts of the campaign are placing or placed. */
async function untilInFlight(stack: BenchStack, campaignId: number, count: number): Promise<void> {
  for (const until = Date.now() + 120_000; Date.now() < until; await sleep(100)) {
    const states = await attemptStates(stack, campaignId);
    if ((states.placing ?? 0) + (states.placed ?? 0) >= count) return;
  }
  throw new Error(`campaign ${campaignId}: never ${count} calls in flight`);
}

/** Waits until no attempt of the campaign is `placing`: every placement claimed before the pause has ended. */
async function untilNothingPlacing(stack: BenchStack, campaignId: number): Promise<string> {
  for (const until = Date.now() + 30_000; Date.now() < until; await sleep(50)) {
    const states = await attemptStates(stack, campaignId);
    if ((states.placing ?? 0) === 0) return JSON.stringify(states);
  }
  throw new Error(`campaign ${campaignId}: attempts still placing 30 s after the pause`);
}

/** Long calls keep every slot busy; each PATCH raises max_concurrency by one, seen as the next call request. */
async function patchConcurrency(stack: BenchStack, input: { trials: number }, figures: ControlFigures) {
  const campaign = await createBenchCampaign(stack, {
    name: 'bench-patch',
    contacts: input.trials + 50,
    ringSeconds: 0,
    talkSeconds: 600,
    maxConcurrency: 5,
  });
  await campaignAction(stack, campaign.campaignId, 'start');
  const untilPlaced = async (count: number) => {
    for (const until = Date.now() + 120_000; Date.now() < until; await sleep(20)) {
      const states = await attemptStates(stack, campaign.campaignId);
      if ((states.placed ?? 0) >= count && (states.placing ?? 0) === 0) return;
    }
    throw new Error(`never reached ${count} calls in flight`);
  };
  await untilPlaced(5);
  for (let trial = 1; trial <= input.trials; trial++) {
    const target = 5 + trial;
    const patch = await timedAction(stack, () =>
      patchCampaign(stack, campaign.campaignId, { max_concurrency: target }),
    );
    const first = await firstRequestSince(
      stack,
      campaign.configurationId,
      patch.sentAt,
      `trial ${trial}: PATCH`,
    );
    figures.patchMs.push(elapsed(patch.sentAt, first));
    figures.patchAnswerMs.push(patch.answerMs);
    await untilPlaced(target);
    log(
      `control trial ${trial}: PATCH max_concurrency ${target} → first call request +${figures.patchMs.at(-1)} ms (answer ${patch.answerMs} ms)`,
    );
  }
  await campaignAction(stack, campaign.campaignId, 'pause');
}

export const spread = (values: number[]) => ({
  p50: percentile(values, 0.5),
  p99: percentile(values, 0.99),
  max: Math.max(...values),
});
