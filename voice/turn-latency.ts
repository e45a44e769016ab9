/**
 * Each agent turn's latencies, measured from the moment the turn was decided (the caller's end of turn, the last
 * digit's pause, or the stream's start for the greeting) and kept per turn index for the transcript. Wall-clock
 * milliseconds (performance.now), plus the media times of the decision and of the first agent frame, so a turn can be
 * placed on the call's recording.
 */
import type { ConversationState } from '../conversation/conversation-state';
import type { TurnLatency } from './live-call';
import type { SpeechStamps } from './playback';

/** When a turn was decided: wall clock, media time, and when its words were recognised (null: no STT involved). */
export interface TurnStart {
  wall: number;
  mediaMs: number;
  sttDone: number | null;
}

/** A turn's latencies with the media times they sit at (stored beside the TurnLatency fields). */
export interface MeasuredTurn extends TurnLatency {
  decision_media_ms: number;
  first_audio_media_ms: number;
}

const ms = (from: number | null, to: number | null) =>
  from === null || to === null ? null : Math.max(0, Math.round(to - from));

export class TurnLatencies {
  readonly byTurn: Record<number, MeasuredTurn> = {};

  /** Records the agent turn added since `fromIndex`, once its first audio went out. */
  record(state: ConversationState, fromIndex: number, started: TurnStart, stamps: SpeechStamps): void {
    if (stamps.firstAudio === null || stamps.firstAudioMediaMs === null) return;
    let index = -1;
    for (let i = state.turns.length - 1; i >= fromIndex; i--)
      if (state.turns[i]!.role === 'agent') {
        index = i;
        break;
      }
    if (index < 0) return;
    this.byTurn[index] = {
      first_audio_ms: ms(started.wall, stamps.firstAudio)!,
      stt_ms: ms(started.wall, started.sttDone),
      llm_first_text_ms: ms(started.sttDone ?? started.wall, stamps.firstText),
      tts_first_audio_ms: ms(stamps.firstSentence, stamps.firstAudio),
      decision_media_ms: started.mediaMs,
      first_audio_media_ms: stamps.firstAudioMediaMs,
    };
  }
}
