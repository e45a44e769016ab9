/** The detectors' shapes (detector.ts builds them; silero.ts, webrtc.ts and the helper process implement them). */

export interface VoiceActivityDetector {
  /** True when the 20 ms frame holds speech. Throws on a frame of another length or after `close()`. */
  isSpeech(frame: Int16Array): boolean;
  close(): void;
}

/** A call's detector: each frame's decision comes through `decided`, once, in the order the frames were heard. */
export interface CallVoiceDetector {
  /** Throws on a frame of another length or after `close()`. */
  hear(frame: Int16Array, decided: (speech: boolean) => void): void;
  close(): void;
}
