/** What the voice benchmark's callers say, shared by the callers and the Deepgram fake that "hears" them. */

export const DEEPGRAM_KEY = 'bench-deepgram-key';

/**
 * In order: a request for the agent's long reply (test/voice/call-harness.ts tells a four-sentence story), the words
 * that interrupt that story, and the goodbye that takes the agent to its end node.
 */
export const CALLER_LINES = ['Please tell me a story.', 'Wait a moment please.', 'Goodbye.'];
