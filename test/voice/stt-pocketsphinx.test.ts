/**
 * The offline recogniser, pocketsphinx, against flite's slt speech at 16 kHz: each turn's words (keywords, not
 * exact text: its word error rate here is ~18 %), turns kept apart, billing by audio seconds, and clear failures.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SampleRate } from '../../voice/media-transport';
import { SpeechVendorError, type RecognitionSession } from '../../voice/speech';
import { createPocketsphinxRecognizer } from '../../voice/stt/pocketsphinx-recognizer';
import { fliteSpeech, say } from './fakes/flite-caller';

const sessions: RecognitionSession[] = [];
afterEach(async () => {
  await Promise.all(sessions.splice(0).map((session) => session.close()));
});

async function open(sampleRate: SampleRate, binary?: string, language = 'en-US') {
  const session = await createPocketsphinxRecognizer(binary ? { binary } : {}).open({
    sampleRate,
    language,
    signal: new AbortController().signal,
  });
  sessions.push(session);
  return session;
}

describe('pocketsphinx at 16 kHz', () => {
  it("recognises each turn's words, keeps the turns apart and bills the audio seconds", async () => {
    const session = await open(16000);

    const firstFrames = say(session, await fliteSpeech('hello world'), 16000);
    const first = await session.endOfTurn();
    const secondFrames = say(
      session,
      await fliteSpeech('yes I am interested, please call me back on monday'),
      16000,
    );
    const second = await session.endOfTurn();

    expect(first.split(' ')).toEqual(expect.arrayContaining(['hello', 'world']));
    expect(second.split(' ')).toEqual(expect.arrayContaining(['interested', 'call', 'monday']));
    expect(second).not.toContain('hello');
    expect(session.billedSeconds).toBeCloseTo((firstFrames + secondFrames) * 0.02, 6);
  });

  it('hears nothing in a turn of silence', async () => {
    const session = await open(16000);
    say(session, new Int16Array(0), 16000, 2);
    expect(await session.endOfTurn()).toBe('');
  });
});

describe('pocketsphinx at 8 kHz', () => {
  // Audio at 8 kHz is upsampled to the model's 16 kHz (fed as it is, 'hello world' came out as 'talk'). Longer
  // sentences are mostly lost at this rate (docs/voice.md); two clear words still come through.
  it('upsamples the audio and bills it at 8 kHz', async () => {
    const session = await open(8000);
    const frames = say(session, await fliteSpeech('hello world', 8000), 8000);
    expect(await session.endOfTurn()).toContain('hello');
    expect(session.billedSeconds).toBeCloseTo(frames * 0.02, 6);
  });
});

describe('pocketsphinx processes', () => {
  it('end when the session closes', async () => {
    // A uniquely named link to the binary finds this test's decoders among the machine's processes.
    const dir = await mkdtemp(join(tmpdir(), 'stt-pocketsphinx-'));
    const binary = join(dir, `pocketsphinx_${process.pid}_${Date.now()}`);
    await symlink(whichPocketsphinx(), binary);
    try {
      const session = await open(16000, binary);
      say(session, await fliteSpeech('hello world'), 16000);
      await vi.waitFor(() => expect(processesRunning(binary)).toBeGreaterThan(0));

      await session.close();

      await vi.waitFor(() => expect(processesRunning(binary)).toBe(0), { timeout: 5000 });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

function processesRunning(binary: string): number {
  const found = spawnSync('pgrep', ['-f', '-c', binary], { encoding: 'utf8' });
  return Number(found.stdout.trim() || '0');
}

function whichPocketsphinx(): string {
  const found = spawnSync('sh', ['-c', 'command -v pocketsphinx_continuous'], { encoding: 'utf8' });
  return found.stdout.trim();
}

describe('pocketsphinx failures', () => {
  it('refuses to open when the binary is not installed', async () => {
    await expect(open(16000, 'pocketsphinx_not_installed')).rejects.toThrow(SpeechVendorError);
    await expect(open(16000, 'pocketsphinx_not_installed')).rejects.toThrow(/not installed/);
  });

  it('refuses a language it has no model for', async () => {
    await expect(open(16000, undefined, 'fr-FR')).rejects.toThrow(SpeechVendorError);
  });

  it('rejects the turn with SpeechVendorError when the decoder fails', async () => {
    const session = await open(16000, 'false');
    say(session, await fliteSpeech('hello world'), 16000);
    const error: unknown = await session.endOfTurn().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SpeechVendorError);
    expect((error as SpeechVendorError).kind).toBe('stt');
  });
});
