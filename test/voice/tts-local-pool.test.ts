import { spawn } from 'node:child_process';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { resample } from '../../voice/audio/resample';
import { parseWav } from '../../voice/audio/wav';
import { SpeechVendorError } from '../../voice/speech';
import { createLocalSynthesisPool, type LocalSynthesisPool } from '../../voice/tts/local-synthesis-pool';
import { createLocalSynthesizer } from '../../voice/tts/local-synthesizer';
import {
  alive,
  collect,
  descendants,
  engineOutput,
  joined,
  LONG_TEXT,
  running,
  SENTENCE,
  until,
  writeStalledEngine,
} from './local-speech-testing';

/** What the synthesiser must yield for `text` at 8 kHz: the engine's own output, resampled. */
async function expected(engine: 'flite' | 'espeak-ng', text: string): Promise<number[]> {
  const native = parseWav(await engineOutput(engine, engine === 'flite' ? 'slt' : 'en-us', text));
  return Array.from(resample(native.samples, native.sampleRate, 8000));
}

const helperPids = (pool: LocalSynthesisPool) => pool.helpers().map((helper) => helper.pid!);

let stalledEngine = '';
let scratch = '';
beforeAll(async () => {
  scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'tts-pool-test-'));
  stalledEngine = await writeStalledEngine(scratch);
});
afterAll(() => fs.rm(scratch, { recursive: true, force: true }));

let pools: LocalSynthesisPool[] = [];
function newPool(size?: number): LocalSynthesisPool {
  const pool = createLocalSynthesisPool({ size });
  pools.push(pool);
  return pool;
}

afterEach(async () => {
  await Promise.all(pools.map((pool) => pool.close()));
  pools = [];
});

describe('local speech through a pool of synthesis helpers', () => {
  it('speaks a sentence in a helper: the engine runs under the helper, never under this process', async () => {
    const pool = newPool();
    const synthesizer = createLocalSynthesizer({ pool });
    const audio = joined(await collect(synthesizer, SENTENCE, { sampleRate: 8000 }));
    expect(Array.from(audio)).toEqual(await expected('flite', SENTENCE));
    expect(pool.helpers()).toEqual([{ pid: expect.any(Number), inFlight: 0 }]);

    const controller = new AbortController();
    const pending = collect(synthesizer, LONG_TEXT, { sampleRate: 8000, signal: controller.signal });
    pending.catch(() => {}); // awaited below; a failed expectation before must not leave it unhandled
    const engines = await until(async () => {
      const found = await running('flite');
      return found.length > 0 && found;
    });
    expect(engines.map((engine) => engine.ppid)).toEqual(helperPids(pool));
    // This process's only children are the helpers.
    const children = (await descendants()).filter((row) => row.ppid === process.pid);
    expect(children.map((child) => child.pid)).toEqual(helperPids(pool));
    controller.abort();
    await pending;
  });

  it('spreads concurrent sentences over the helpers, each getting its own audio', async () => {
    const pool = newPool(2);
    const flite = createLocalSynthesizer({ pool });
    const espeak = createLocalSynthesizer({ pool, engine: 'espeak-ng' });
    const texts = ['Good morning.', 'Your order has shipped today.', 'Please hold the line.', 'Thank you.'];
    const spoken = await Promise.all([
      ...texts.map((text) => collect(flite, text, { sampleRate: 8000 })),
      ...texts.map((text) => collect(espeak, text, { sampleRate: 8000 })),
    ]);
    for (const [i, text] of texts.entries()) {
      expect(Array.from(joined(spoken[i]!)), text).toEqual(await expected('flite', text));
      expect(Array.from(joined(spoken[texts.length + i]!)), text).toEqual(await expected('espeak-ng', text));
    }
    expect(pool.helpers()).toHaveLength(2);

    // Four long sentences at once: two in flight on each helper.
    const controller = new AbortController();
    const pending = Array.from({ length: 4 }, () =>
      collect(flite, LONG_TEXT, { sampleRate: 8000, signal: controller.signal }),
    );
    for (const sentence of pending) sentence.catch(() => {}); // awaited below
    const engines = await until(async () => {
      const found = await running('flite');
      return found.length === 4 && found;
    });
    const perHelper = helperPids(pool).map((pid) => engines.filter((engine) => engine.ppid === pid).length);
    expect(perHelper).toEqual([2, 2]);
    expect(pool.helpers().map((helper) => helper.inFlight)).toEqual([2, 2]);
    controller.abort();
    await Promise.all(pending);
  });

  it('ends the audio early on abort, kills the engine, and the helper speaks the next sentence', async () => {
    const pool = newPool(1);
    const controller = new AbortController();
    const stalled = { engine: 'espeak-ng', binary: stalledEngine, voice: 'en-us', text: SENTENCE } as const;
    let chunks = 0;
    for await (const chunk of pool.run({ ...stalled, signal: controller.signal })) {
      expect(chunk.length).toBeGreaterThan(0);
      chunks += 1;
      controller.abort();
    }
    expect(chunks).toBe(1);
    const [helper] = helperPids(pool);
    // The engine never finishes by itself: only the helper's kill ends it.
    await until(async () => (await descendants(helper)).length === 0);
    expect(pool.helpers()).toEqual([{ pid: helper, inFlight: 0 }]);

    const synthesizer = createLocalSynthesizer({ pool, engine: 'espeak-ng' });
    const audio = joined(await collect(synthesizer, SENTENCE, { sampleRate: 8000 }));
    expect(Array.from(audio)).toEqual(await expected('espeak-ng', SENTENCE));
    expect(helperPids(pool)).toEqual([helper]);
  });

  it('fails the sentences of a helper killed mid-run with a tts error, and starts a new helper', async () => {
    const pool = newPool(1);
    const synthesizer = createLocalSynthesizer({ pool, engine: 'espeak-ng' });
    const [killed, engine] = [{ pid: 0 }, { pid: 0 }];
    const failed = (async () => {
      for await (const chunk of synthesizer.synthesize(LONG_TEXT, {
        sampleRate: 8000,
        voice: null,
        signal: new AbortController().signal,
      })) {
        if (killed.pid !== 0 || chunk.length === 0) continue;
        killed.pid = helperPids(pool)[0]!;
        engine.pid = (await running('espeak-ng'))[0]!.pid;
        process.kill(killed.pid, 'SIGKILL');
      }
    })();
    const error = await failed.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SpeechVendorError);
    expect(error).toMatchObject({ kind: 'tts', message: expect.stringContaining('SIGKILL') });
    expect(await alive(killed.pid)).toBe(false);
    // Its engine's output pipe closed with it: espeak-ng ends too.
    await until(async () => !(await alive(engine.pid)));

    const audio = joined(await collect(synthesizer, SENTENCE, { sampleRate: 8000 }));
    expect(Array.from(audio)).toEqual(await expected('espeak-ng', SENTENCE));
    expect(helperPids(pool)).toHaveLength(1);
    expect(helperPids(pool)).not.toContain(killed.pid);
  });

  it('close() ends every helper and engine, fails the sentences in flight, and takes no more', async () => {
    const pool = newPool(2);
    const synthesizer = createLocalSynthesizer({ pool });
    const inFlight = [0, 1].map(() =>
      collect(synthesizer, LONG_TEXT, { sampleRate: 8000 }).catch((caught: unknown) => caught),
    );
    const engines = await until(async () => {
      const found = await running('flite');
      return found.length === 2 && found;
    });
    const helpers = helperPids(pool);
    expect(helpers).toHaveLength(2);
    await pool.close();
    for (const error of await Promise.all(inFlight)) {
      expect(error).toBeInstanceOf(SpeechVendorError);
      expect(error).toMatchObject({ kind: 'tts', message: expect.stringContaining('was closed') });
    }
    expect(await descendants()).toEqual([]);
    for (const pid of [...helpers, ...engines.map((row) => row.pid)])
      expect(await alive(pid), String(pid)).toBe(false);
    await expect(collect(synthesizer, SENTENCE, { sampleRate: 8000 })).rejects.toThrow(SpeechVendorError);
  });

  it('lets a process with idle helpers exit, and its helpers and engines go with any process that dies', async () => {
    // A process that speaks a sentence, prints its helper's pid and ends: idle helpers do not keep it alive. Given
    // an engine (argv), it then runs that one too, which never finishes.
    const script = `
      import { createLocalSynthesisPool } from './voice/tts/local-synthesis-pool.ts';
      const pool = createLocalSynthesisPool();
      const signal = new AbortController().signal;
      const sentence = async (engine, binary, voice) => {
        for await (const _ of pool.run({ engine, binary, voice, text: 'Hello.', signal }));
      };
      await sentence('flite', 'flite', 'slt');
      console.log(pool.helpers()[0].pid);
      if (process.argv[1]) await sentence('espeak-ng', process.argv[1], 'en-us');
    `;
    const start = (...args: string[]) => {
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', '--input-type=module', '-e', script, ...args],
        {
          stdio: ['ignore', 'pipe', 'inherit'],
        },
      );
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      const helper = new Promise<number>((resolve) =>
        createInterface({ input: child.stdout! }).once('line', (line) => resolve(Number(line))),
      );
      return { child, exited, helper };
    };

    const ending = start();
    expect(await ending.exited).toBe(0);
    await until(async () => !(await alive(await ending.helper)));

    // Killed with SIGKILL mid-sentence: its helper sees the channel close, kills its engine and exits.
    const hanging = start(stalledEngine);
    const helper = await hanging.helper;
    const engine = await until(async () =>
      (await descendants(helper)).find((row) => row.command === 'sleep'),
    );
    hanging.child.kill('SIGKILL');
    await hanging.exited;
    await until(async () => !(await alive(helper)));
    expect(await alive(engine.pid)).toBe(false);
  });
});
