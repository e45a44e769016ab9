import { loadNow, median, printResults, trialValues } from '../engine/report';
import { log, startBenchStack } from '../engine/stack';
import { phasesLine } from './phases';
import { fairnessTrial, type FairnessSpec, type FairnessTrial } from './trial';

/**
 * Fairness between organizations (a benchmark, not a test) on the real stack of the engine benchmarks. Usage:
 *   npx tsx bench/fairness/main.ts [--small N] [--small-concurrency N] [--small-talk S] [--big N]
 *     [--big-concurrency N] [--head-start S] [--trials N] [--workers N] [--keep]
 * Organization A's campaign (60 contacts, max_concurrency 10, 1 s calls) runs alone, then while organization B's
 * campaign (20,000 contacts, max_concurrency 200, instant calls) dials on the same worker(s); A's completion time
 * beside B ÷ alone is the slowdown (target ≤ 1.25). Each trial runs on a fresh stack; the median of 3 is reported.
 */
const args = process.argv.slice(2);
const option = (name: string, fallback: number): number => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? Number(args[at + 1]) : fallback;
};

const spec: FairnessSpec = {
  smallContacts: option('small', 60),
  smallConcurrency: option('small-concurrency', 10),
  smallTalkSeconds: option('small-talk', 1),
  bigContacts: option('big', 20_000),
  bigConcurrency: option('big-concurrency', 200),
  bigHeadStartSeconds: option('head-start', 10),
  workers: option('workers', 1),
};
const trialCount = option('trials', 3);

async function main() {
  const loadBefore = loadNow();
  const trials: FairnessTrial[] = [];
  for (let trial = 1; trial <= trialCount; trial++) {
    log(`fairness: trial ${trial} of ${trialCount} on a fresh stack`);
    const stack = await startBenchStack({ keep: args.includes('--keep') });
    try {
      trials.push(await fairnessTrial(stack, spec));
    } finally {
      await stack.stop();
    }
  }
  const of = (pick: (t: FairnessTrial) => number) => trials.map(pick);
  printResults({
    mode: 'fairness',
    setup: [
      `A: ${spec.smallContacts} contacts, max_concurrency ${spec.smallConcurrency}, ${spec.smallTalkSeconds} s calls; ` +
        `B (another organization): ${spec.bigContacts} contacts, max_concurrency ${spec.bigConcurrency}, zero talk time, ` +
        `dialing ${spec.bigHeadStartSeconds} s before A starts beside it; ${spec.workers} worker process(es)`,
      `${trialCount} trial(s), each on a fresh stack (new database, Temporal dev server with a SQLite file, worker); ` +
        'A runs once unmeasured first; median reported',
    ],
    loadBefore,
    figures: [
      {
        name: 'slowdown of A beside B (headline)',
        value: trialValues(
          of((t) => t.slowdown),
          '×',
        ),
        measures: "A's completion time beside B ÷ alone, in the same trial (target ≤ 1.25×)",
      },
      {
        name: 'A alone',
        value: trialValues(
          of((t) => t.alone.completionSeconds),
          ' s',
        ),
        measures:
          'clock_timestamp() just before POST /campaign/{id}/start → campaigns.completed_at; first call → last outcome ' +
          of((t) => t.alone.dialingSeconds).join(', ') +
          ' s',
      },
      {
        name: 'A beside B',
        value: trialValues(
          of((t) => t.beside.completionSeconds),
          ' s',
        ),
        measures: `the same; first call → last outcome ${of((t) => t.beside.dialingSeconds).join(', ')} s`,
      },
      {
        name: "B's rate",
        value: `alone ${of((t) => t.bigRateBefore).join(', ')}; beside A ${of((t) => t.bigRateDuringSmall).join(', ')} attempts/s`,
        measures:
          "B's attempts finished (attempts.finished_at) over its head start, and between A's start request and A's completion",
      },
      ...trials.flatMap((t, i) => [
        {
          name: `trial ${i + 1}: where A's time went alone (mean ms per attempt or task)`,
          value: phasesLine(t.alone.phases),
          measures: 'bench/fairness/phases.ts',
        },
        { name: `trial ${i + 1}: the same beside B`, value: phasesLine(t.beside.phases), measures: '' },
      ]),
      { name: 'mean 1-min load', value: of((t) => t.meanLoad1m).join(', '), measures: 'sampled every 2 s' },
    ],
    json: {
      ...spec,
      slowdown: median(of((t) => t.slowdown)),
      trials: trials.map(({ alone, beside, ...rest }) => ({
        ...rest,
        aloneSeconds: alone.completionSeconds,
        besideSeconds: beside.completionSeconds,
      })),
    },
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
