/**
 * What a process and its synthesis helpers (local-synthesis-helper.ts) say over their IPC channel. Requests carry an
 * id the process chooses; every reply names the request it belongs to, so several sentences can be in flight on one
 * helper. Buffers cross intact: the channel uses Node's `advanced` serialization.
 */
import type { LocalEngine } from './local-voices';

/** One sentence to speak: the engine's WAV output comes back as `chunk` replies, then `end` or `error`. */
export interface SynthesisRequest {
  type: 'synthesize';
  id: number;
  engine: LocalEngine;
  binary: string;
  voice: string;
  text: string;
}

/** Kills that request's run; the helper answers `end` (a request it no longer has is ignored). */
export interface CancelRequest {
  type: 'cancel';
  id: number;
}

export type HelperRequest = SynthesisRequest | CancelRequest;

export type HelperReply =
  | { type: 'ready' }
  | { type: 'chunk'; id: number; data: Buffer }
  | { type: 'end'; id: number }
  | { type: 'error'; id: number; message: string };
