import { controlLatency, spread } from './control';
import { dialingTrial, MIXED_RETRY, type DialingMode, type DialingTrial } from './dialing';
import { rawTrial, type RawTrial } from './raw';
import { loadNow, median, printResults, trialValues, type Figure } from './report';
import { log, startBenchStack, type BenchStack } from './stack';
import { utilization } from './utilization';

/**
 * Campaign engine benchmarks (not tests) on the real stack. Usage:
 *   npx tsx bench/engine/main.ts <mode>... [--contacts N] [--concurrency N] [--talk S] [--trials N] [--workers N]
 *     [--temporal-in-memory] [--keep] [--do-not-call N]
 * Modes: ceiling (20,000 contacts, zero talk time, max_concurrency 200), mixed (the same with numbers ending 0–9:
 * busy and no_answer retried twice after 1 s), raw (the Temporal yardstick, same shape), large (100,000 contacts,
 * history sizes), utilization (3,000 contacts, 30 s calls, max_concurrency 500), control (pause/resume/PATCH
 * latency, 20 trials). ceiling, mixed and raw run `--trials` (default 3) trials, each on a fresh stack (new
 * database, new file-backed Temporal dev server, new worker), and report the median. Each mode prints a results block.
 * --do-not-call N (ceiling, mixed, large) puts N numbers on the organization's do-not-call list before each trial's
 * start request, every hundredth contact's number among them (those contacts end do_not_call, undialed): the list's
 * cost, against a run without the option (bench/shared/do-not-call-seed.ts).
 * --probe-flood N (ceiling, mixed, large) floods the API's /readyz and /health with N kept-alive clients from a process
 * of its own while each trial dials (bench/engine/probe-flood.ts): what probes cost the engine.
 */
const args = process.argv.slice(2);
const VALUED = [
  '--contacts',
  '--concurrency',
  '--talk',
  '--trials',
  '--workers',
  '--do-not-call',
  '--probe-flood',
];
const modes = args.filter((a, i) => !a.startsWith('--') && !VALUED.includes(args[i - 1] ?? ''));
const option = (name: string): number | undefined => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? Number(args[at + 1]) : undefined;
};
const MODES = ['ceiling', 'mixed', 'raw', 'utilization', 'control', 'large'] as const;
type Mode = (typeof MODES)[number];
const stackOptions = {
  keep: args.includes('--keep'),
  temporalInMemory: args.includes('--temporal-in-memory'),
};
const workers = option('workers') ?? 1;
const doNotCall = option('do-not-call') ?? 0;
const probeFlood = option('probe-flood') ?? 0;
const temporalWords = () =>
  stackOptions.temporalInMemory
    ? 'Temporal dev server in memory (--temporal-in-memory)'
    : 'Temporal dev server with its state in a SQLite file (--db-filename, as ./scripts/start.sh runs it)';

async function withStack<T>(run: (stack: BenchStack) => Promise<T>): Promise<T> {
  const stack = await startBenchStack(stackOptions);
  try {
    return await run(stack);
  } finally {
    await stack.stop();
  }
}

async function trials<T>(mode: string, count: number, run: (stack: BenchStack) => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  for (let trial = 1; trial <= count; trial++) {
    log(`${mode}: trial ${trial} of ${count} on a fresh stack`);
    const figures = await withStack(run);
    log(`${mode}: trial ${trial}: ${JSON.stringify(figures)}`);
    results.push(figures);
  }
  return results;
}

const DIALING_SETUP: Record<DialingMode, string> = {
  ceiling: 'numbers ending 0–5 (every call completed, one attempt per contact)',
  large: 'numbers ending 0–5 (every call completed, one attempt per contact)',
  mixed:
    'numbers ending 0–9 in turn (0–5 completed, 6 busy, 7 no_answer, 8 voicemail, 9 failed); retry_config ' +
    JSON.stringify(MIXED_RETRY) +
    ': busy and no_answer contacts take 3 attempts, the others 1',
};

async function dialing(mode: DialingMode, loadBefore: number[]) {
  const contacts = option('contacts') ?? (mode === 'large' ? 100_000 : 20_000);
  const maxConcurrency = option('concurrency') ?? 200;
  const count = option('trials') ?? (mode === 'large' ? 1 : 3);
  const runs = await trials(mode, count, (stack) =>
    dialingTrial(stack, { mode, contacts, maxConcurrency, workers, doNotCall, probeFlood }),
  );
  const of = (pick: (t: DialingTrial) => number) => runs.map(pick);
  const listWords =
    doNotCall > 0
      ? `do-not-call list of ${doNotCall} numbers seeded before each start (${of((t) => t.doNotCallSeed?.hits ?? 0)[0]} of them contacts', which end do_not_call undialed; insert ${of((t) => t.doNotCallSeed?.insertSeconds ?? 0).join(', ')} s)`
      : 'empty do-not-call list';
  const figures: Figure[] = [
    {
      name: 'attempts/s overall (headline)',
      value: trialValues(of((t) => t.attemptsPerSecond)),
      measures:
        'attempts ÷ (max attempts.finished_at, the last attempt outcome − min simulator_calls.requested_at, the first call ' +
        "request to the campaign's own simulator configuration); both stamped by PostgreSQL (now() of their transactions)",
    },
    {
      name: 'calls/s overall',
      value: trialValues(of((t) => t.callsPerSecond)),
      measures:
        'simulator calls ÷ the headline span: the attempts that dialed (the do_not_call contacts end without a call); ' +
        `do_not_call contacts per trial ${of((t) => t.doNotCallContacts).join(', ')}`,
    },
    {
      name: 'dialing seconds',
      value: trialValues(
        of((t) => t.dialingSeconds),
        ' s',
      ),
      measures: 'the span of the headline: first simulator call request → last attempt outcome',
    },
    {
      name: 'attempts/s from the start request',
      value: trialValues(of((t) => t.attemptsPerSecondFromStart)),
      measures:
        'attempts ÷ (last attempt outcome − clock_timestamp() read just before POST /campaign/{id}/start was sent): the import included',
    },
    {
      name: 'start request → first call request',
      value: trialValues(
        of((t) => t.startToFirstCallSeconds),
        ' s',
      ),
      measures: 'import of the CSV, workflow start, first claim and placement (database clock)',
    },
    {
      name: 'completion lag',
      value: trialValues(
        of((t) => t.completionLagMs),
        ' ms',
      ),
      measures: 'last attempt outcome (max attempts.finished_at) → campaigns.completed_at (database clock)',
    },
    {
      name: 'attempts/s sustained (secondary)',
      value: trialValues(of((t) => t.attemptsPerSecondSustained)),
      measures:
        'the 80 % of attempts whose outcomes fall between the 10th and 90th percentile finished_at ÷ that span',
    },
    {
      name: 'attempts per contact',
      value: trialValues(of((t) => t.attemptsPerContact)),
      measures:
        'attempt rows ÷ contacts; every contact verified: final_outcome and attempts_made by the last-digit rule, ' +
        'each attempt finished with that outcome, and the simulator holds exactly that many calls to its number',
    },
    {
      name: 'workflow history',
      value: trialValues(
        of((t) => t.eventsPerAttempt),
        ' events/attempt',
      ),
      measures: `events of every run ÷ attempts; runs ${of((t) => t.runs).join(', ')}; largest run ${of((t) => t.largestRunEvents).join(', ')} events, ${of((t) => t.largestRunBytes).join(', ')} bytes`,
    },
    {
      name: 'mean 1-min load during dialing',
      value: of((t) => t.meanLoad1m).join(', '),
      measures: 'sampled every 5 s while following the campaign',
    },
    ...(probeFlood > 0
      ? [
          {
            name: 'probe flood beside it',
            value: runs.map((t) => `${t.probeFlood?.perSecond ?? 0}/s`).join(', '),
            measures: `${probeFlood} kept-alive clients on /readyz and /health in turn, from their own process; answers by status per trial: ${runs.map((t) => JSON.stringify(t.probeFlood?.byStatus ?? {})).join(', ')}`,
          },
        ]
      : []),
  ];
  printResults({
    mode,
    setup: [
      `${contacts} contacts, zero talk time, max_concurrency ${maxConcurrency}, ${workers} worker process(es); ${DIALING_SETUP[mode]}`,
      listWords,
      `${count} trial(s), each on a fresh stack: new database, new ${temporalWords()}, new worker; median reported`,
    ],
    loadBefore,
    figures,
    json: {
      contacts,
      maxConcurrency,
      workers,
      doNotCall,
      probeFlood,
      temporal: stackOptions.temporalInMemory ? 'memory' : 'file',
      attemptsPerSecond: median(of((t) => t.attemptsPerSecond)),
      callsPerSecond: median(of((t) => t.callsPerSecond)),
      completionLagMs: median(of((t) => t.completionLagMs)),
      trials: runs,
    },
  });
}

async function raw(loadBefore: number[]) {
  const total = option('contacts') ?? 20_000;
  const maxConcurrency = option('concurrency') ?? 200;
  const count = option('trials') ?? 3;
  const runs = await trials('raw', count, (stack) => rawTrial(stack, { total, maxConcurrency }));
  const of = (pick: (t: RawTrial) => number) => runs.map(pick);
  printResults({
    mode: 'raw',
    setup: [
      `${total} empty attempts, ${maxConcurrency} slots: the campaign workflow's dispatch loop over activities that touch no database and no provider`,
      `${count} trial(s), each on a fresh stack: new ${temporalWords()}, new yardstick worker; median reported`,
    ],
    loadBefore,
    figures: [
      {
        name: 'attempts/s overall (headline)',
        value: trialValues(of((t) => t.attemptsPerSecond)),
        measures:
          "attempts ÷ (last run's close time − first run's start time), both stamped by the Temporal server",
      },
      {
        name: 'attempts/s seen by the client',
        value: trialValues(of((t) => t.attemptsPerSecondClient)),
        measures: "attempts ÷ (workflow result received − start request sent), this process's clock",
      },
      {
        name: 'workflow history',
        value: trialValues(
          of((t) => t.eventsPerAttempt),
          ' events/attempt',
        ),
        measures: `events of every run ÷ attempts; runs ${of((t) => t.runs).join(', ')}`,
      },
      { name: 'mean 1-min load', value: of((t) => t.meanLoad1m).join(', '), measures: 'sampled every 5 s' },
    ],
    json: {
      total,
      maxConcurrency,
      temporal: stackOptions.temporalInMemory ? 'memory' : 'file',
      attemptsPerSecond: median(of((t) => t.attemptsPerSecond)),
      trials: runs,
    },
  });
}

async function control(loadBefore: number[]) {
  const count = option('trials') ?? 20;
  const result = await withStack((stack) =>
    controlLatency(stack, {
      trials: count,
      contacts: option('contacts'),
      workers,
      concurrency: option('concurrency'),
      talkSeconds: option('talk'),
    }),
  );
  const ms = (values: number[]) => {
    const s = spread(values);
    return `p50 ${s.p50} ms, p99 ${s.p99} ms, max ${s.max} ms (target p99 ≤ 1000 ms)`;
  };
  const clock =
    "clock_timestamp() read just before the HTTP request is sent → simulator_calls.requested_at (now() of the simulator's insert of the call, on the same PostgreSQL server)";
  printResults({
    mode: 'control',
    setup: [
      `${count} trials each; pause/resume on a campaign dialing ${option('talk') ?? 0} s calls ${option('concurrency') ?? 10} at a time; PATCH on a campaign whose 5 slots hold 600 s calls; ${workers} worker process(es); ${temporalWords()}`,
    ],
    loadBefore,
    figures: [
      {
        name: 'pause',
        value: ms(result.pauseMs),
        measures: `${clock}: the LAST call requested after the pause was sent (0 when none), read once no attempt is left placing; calls requested per trial in the second before the pause: ${result.callsBeforePause.join(' ')}, after it: ${result.callsAfterPause.join(' ')}`,
      },
      {
        name: 'resume',
        value: ms(result.resumeMs),
        measures: `${clock}: the FIRST call requested after the resume was sent`,
      },
      {
        name: 'resume, from the first free slot',
        value: ms(result.resumeFromFreeSlotMs),
        measures:
          'the same, counted from the first moment after the resume at which the calls in flight were fewer than max_concurrency (the resume itself, or the end of the call that freed a slot)',
      },
      {
        name: 'PATCH max_concurrency +1',
        value: ms(result.patchMs),
        measures: `${clock}: the FIRST call requested after the PATCH was sent (the new slot's call)`,
      },
      {
        name: 'API answer',
        value: `pause p50 ${spread(result.pauseAnswerMs).p50} ms, resume p50 ${spread(result.resumeAnswerMs).p50} ms, PATCH p50 ${spread(result.patchAnswerMs).p50} ms`,
        measures: 'request sent → answer received, database clock',
      },
    ],
    json: {
      trials: count,
      pauseMs: spread(result.pauseMs),
      resumeMs: spread(result.resumeMs),
      resumeFromFreeSlotMs: spread(result.resumeFromFreeSlotMs),
      patchMs: spread(result.patchMs),
      callsBeforePause: result.callsBeforePause,
      callsAfterPause: result.callsAfterPause,
    },
  });
}

async function utilizationMode(loadBefore: number[]) {
  const input = {
    contacts: option('contacts') ?? 3000,
    maxConcurrency: option('concurrency') ?? 500,
    talkSeconds: option('talk') ?? 30,
    workers,
  };
  const result = await withStack((stack) => utilization(stack, input));
  printResults({
    mode: 'utilization',
    setup: [
      `${input.contacts} contacts, ${input.talkSeconds} s calls, max_concurrency ${input.maxConcurrency}; ${temporalWords()}`,
    ],
    loadBefore,
    figures: [
      {
        name: 'in flight ÷ max_concurrency',
        value: String(result.meanInFlightRatio),
        measures: `attempts placing/placed ÷ max_concurrency every 200 ms, time-weighted from the first claim until no contact is left undialed (${result.sampledSeconds} s); simulator live calls ${result.meanSimulatorLiveRatio}`,
      },
      {
        name: 'ramp to full',
        value: `${result.rampSecondsToFull} s`,
        measures: 'first claim → first sample with max_concurrency in flight',
      },
    ],
    json: result,
  });
}

async function main() {
  if (modes.length === 0 || modes.some((m) => !(MODES as readonly string[]).includes(m))) {
    console.error(
      `usage: npx tsx bench/engine/main.ts <${MODES.join('|')}>... [--contacts N] [--trials N] ...`,
    );
    process.exit(2);
  }
  if (!Number.isSafeInteger(doNotCall) || doNotCall < 0) {
    console.error(`--do-not-call takes a whole number of list entries (got ${doNotCall})`);
    process.exit(2);
  }
  if (doNotCall > 0 && modes.some((m) => !['ceiling', 'mixed', 'large'].includes(m))) {
    console.error(
      '--do-not-call applies to ceiling, mixed and large (the modes that dial a campaign end to end)',
    );
    process.exit(2);
  }
  for (const mode of modes as Mode[]) {
    const loadBefore = loadNow();
    if (mode === 'ceiling' || mode === 'large' || mode === 'mixed') await dialing(mode, loadBefore);
    else if (mode === 'raw') await raw(loadBefore);
    else if (mode === 'utilization') await utilizationMode(loadBefore);
    else await control(loadBefore);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
