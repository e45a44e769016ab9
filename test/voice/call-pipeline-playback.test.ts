/**
 * The agent's speech on its way out (voice/playback.ts): sentences of a streamed reply are synthesised in order and
 * each followed by a mark with its text; a sentence counts as played once its mark comes back; a barge-in clears
 * the far end, stops synthesis and freezes what was played; a synthesiser failure aborts the turn with it.
 */
import { describe, expect, it } from 'vitest';
import { MediaClock } from '../../voice/media-clock';
import { MarkBoard, SpeechOut } from '../../voice/playback';
import { SpeechVendorError } from '../../voice/speech';
import { createLocalSynthesizer } from '../../voice/tts/local-synthesizer';
import { MemoryTransport } from './fakes/memory-transport';

function speechOn(transport: MemoryTransport, voice: string | null = null, resumable = false) {
  const controller = new AbortController();
  const clock = new MediaClock();
  transport.on('audio', () => clock.tick());
  const speech = new SpeechOut({
    transport,
    marks: new MarkBoard(transport),
    synthesizer: createLocalSynthesizer(),
    sampleRate: transport.sampleRate,
    voice,
    controller,
    mediaMs: () => clock.ms,
    resumable,
  });
  return { speech, controller };
}

const SENTENCES = ['The first sentence is here.', 'Then comes a second one.', 'And a third to end.'];

describe('speech out', () => {
  it('speaks streamed text sentence by sentence, a mark after each, played once its mark is back', async () => {
    const transport = new MemoryTransport(8000);
    const { speech } = speechOn(transport);
    speech.text('The first sentence ');
    speech.text('is here. Then comes a second one. And a third');
    speech.text(' to end.');
    await speech.end();
    expect(speech.played()).toBe('');
    const drained = speech.drained();
    await transport.run(() => transport.marks.length === 3, 60_000);
    await drained;
    expect(transport.marks.map(({ text, cleared }) => ({ text, cleared }))).toEqual(
      SENTENCES.map((text) => ({ text, cleared: false })),
    );
    expect(speech.played()).toBe(SENTENCES.join(' '));
    expect(speech.characters).toBe(SENTENCES.join('').length);
    // Each mark comes back after all the audio before it played: the last one after the last frame heard.
    expect(transport.marks.at(-1)!.atMs).toBeGreaterThanOrEqual(transport.heardFrames.at(-1)!);
    expect(speech.stamps.firstAudioMediaMs).toBe(transport.received[0]!.atMs);
    expect(transport.clears).toEqual([]);
  });

  it('on interrupt clears the far end, aborts synthesis and keeps only the sentences already played', async () => {
    const transport = new MemoryTransport(8000);
    const { speech, controller } = speechOn(transport);
    for (const sentence of SENTENCES) speech.say(sentence);
    await transport.run(() => transport.marks.length === 1, 60_000);
    const sentBefore = transport.received.length;
    speech.interrupt();
    expect(controller.signal.aborted).toBe(true);
    expect(transport.clears).toHaveLength(1);
    await speech.drained();
    await transport.run(() => false, 2_000).catch(() => {});
    expect(speech.played()).toBe(SENTENCES[0]);
    expect(transport.marks.slice(1).every((mark) => mark.cleared)).toBe(true);
    expect(transport.received.length).toBe(sentBefore);
    expect(transport.heardFrames.filter((atMs) => atMs > transport.clears[0]!)).toEqual([]);
  });

  it('stops the turn with the synthesiser failure (SpeechVendorError tts) and plays nothing', async () => {
    const transport = new MemoryTransport(8000);
    const { speech, controller } = speechOn(transport, 'no-such-voice');
    speech.say('Hello there.');
    speech.say('Are you there?');
    await speech.drained();
    expect(speech.failure).toBeInstanceOf(SpeechVendorError);
    expect(speech.failure!.kind).toBe('tts');
    expect(controller.signal.reason).toBe(speech.failure);
    expect(transport.received).toEqual([]);
    expect(speech.played()).toBe('');
  });

  it('settles marks still pending when the call closes, as not played', async () => {
    const transport = new MemoryTransport(8000);
    const marks = new MarkBoard(transport);
    const first = marks.send('one');
    transport.play(new Int16Array(8000).fill(1000)); // a second of audio before the next mark
    const second = marks.send('two');
    await transport.run(() => transport.marks.length === 1, 1_000);
    marks.closeAll();
    await expect(first).resolves.toBe(true);
    await expect(second).resolves.toBe(false);
  });

  it('pauses (a clear, nothing more sent) and resumes from the sentence it stopped in, keeping every sentence played', async () => {
    const transport = new MemoryTransport(8000);
    const { speech, controller } = speechOn(transport, null, true);
    for (const sentence of SENTENCES) speech.say(sentence);
    // Paused once the first sentence played and the second waits whole in the far end's queue, its mark behind it
    // (synthesis may still be writing it when the first mark comes back).
    await transport.run(() => transport.marks.length === 1 && transport.queuedMarks > 0, 60_000);
    expect(transport.marks).toHaveLength(1);
    speech.pause();
    expect(speech.paused).toBe(true);
    expect(transport.clears).toHaveLength(1);
    let drained = false;
    void speech.drained().then(() => (drained = true));
    // A second of pause: synthesis goes on (not aborted), nothing is heard, the speech is not drained.
    const pausedAt = transport.mediaMs;
    await transport.run(() => transport.mediaMs >= pausedAt + 1000, 10_000);
    expect(controller.signal.aborted).toBe(false);
    expect(transport.heardFrames.filter((atMs) => atMs > pausedAt)).toEqual([]);
    expect(drained).toBe(false);

    speech.resume();
    await transport.run(() => drained, 60_000);
    expect(speech.played()).toBe(SENTENCES.join(' '));
    // The sentences cut by the pause came back cleared, then played again from their start.
    const marks = transport.marks.map(({ text, cleared }) => [text, cleared]);
    expect(marks.filter(([, cleared]) => !cleared).map(([text]) => text)).toEqual(SENTENCES);
    expect(marks.filter(([, cleared]) => cleared).length).toBeGreaterThanOrEqual(1);
    expect(speech.characters).toBe(SENTENCES.join('').length);
  });

  it('a paused speech that is interrupted ends with what was played before the pause', async () => {
    const transport = new MemoryTransport(8000);
    const { speech } = speechOn(transport, null, true);
    for (const sentence of SENTENCES) speech.say(sentence);
    await transport.run(() => transport.marks.length === 1, 60_000);
    speech.pause();
    const drained = speech.drained();
    speech.interrupt();
    await drained;
    expect(speech.played()).toBe(SENTENCES[0]);
  });

  it('does not pause a speech that was not made resumable', async () => {
    const transport = new MemoryTransport(8000);
    const { speech } = speechOn(transport);
    speech.say(SENTENCES[0]!);
    speech.pause();
    expect(speech.paused).toBe(false);
    expect(transport.clears).toEqual([]);
    await speech.end();
  });
});
