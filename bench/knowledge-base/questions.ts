/**
 * Questions about the project's own docs/*.md, written for the retrieval benchmark, each with a phrase the passage
 * that answers it contains: a question is a hit at 3 when one of the 3 best chunks holds its phrase (whitespace
 * folded). Worded as a user would ask, not as the docs name things.
 */
export interface Question {
  question: string;
  answer: string;
}

export const QUESTIONS: Question[] = [
  {
    question: 'How long can one call last before the agent is cut off?',
    answer: 'max_call_duration_seconds',
  },
  { question: 'How does the simulator decide whether a number answers or is busy?', answer: 'last digit' },
  {
    question: 'How long does the phone ring before a call counts as unanswered?',
    answer: 'ring_timeout_seconds',
  },
  { question: 'How do I verify the signature of a webhook you send me?', answer: 'webhook-signature' },
  {
    question: 'Which event tells me too many calls failed and the campaign stopped?',
    answer: 'circuit_breaker_tripped',
  },
  { question: 'How many tools can the model call in a single turn?', answer: 'max_tool_calls_per_turn' },
  {
    question: 'How often are old recordings and transcripts removed?',
    answer: 'RETENTION_SWEEP_INTERVAL_SECONDS',
  },
  { question: 'What is the largest contacts file I can upload?', answer: 'UPLOAD_MAX_BYTES' },
  {
    question: 'When will my campaign reach contacts in other time zones, per the forecast?',
    answer: 'next_openings',
  },
  { question: 'Can calls only be placed during the day, and which hours?', answer: 'legal_hours' },
  { question: 'How are tools from an MCP server named for the model?', answer: 'mcp__' },
  {
    question: 'How does the agent keep long conversations short enough for the model?',
    answer: 'context_compaction_enabled',
  },
  { question: 'Can I stop callers from interrupting the agent while it speaks?', answer: 'allow_interrupt' },
  {
    question: 'How do I let the service reach a server on my private network?',
    answer: 'ALLOWED_PRIVATE_DESTINATIONS',
  },
  {
    question: 'Which speech recogniser listens on simulated calls with nothing configured?',
    answer: 'pocketsphinx',
  },
  {
    question: 'Which disposition marks a caller who asked not to be called again?',
    answer: 'opt_out_disposition',
  },
  { question: 'Can the caller id shown be a local number near the contact?', answer: 'local_caller_id' },
  {
    question: 'How long should the pause be before the agent decides the caller has finished?',
    answer: 'smart_turn_stop_secs',
  },
  {
    question: 'Does a repeated tool request carry a key so the customer API can drop duplicates?',
    answer: 'Idempotency-Key',
  },
  { question: 'Which text-to-speech voice is used when no vendor is set up?', answer: 'flite' },
];

/**
 * Held out: written (2026-12-07) before the hybrid mode was first run and never used to choose a setting, to check
 * that what the 20 above show carries over to questions nothing was chosen on.
 */
export const HELD_OUT_QUESTIONS: Question[] = [
  { question: 'Can the service tell when an answering machine picks up?', answer: 'amd_enabled' },
  {
    question: 'Can the agent stay quiet for a few seconds after the call connects?',
    answer: 'delayed_start_duration',
  },
  {
    question: 'Can the agent tell people the conversation is recorded before it greets them?',
    answer: 'disclosure_message',
  },
  { question: 'When is my campaign going to be done?', answer: 'expected_finish_at' },
  {
    question: 'Can the greeting be a clip I recorded instead of a synthetic voice?',
    answer: 'greeting_recording_id',
  },
  { question: 'What share of failing calls makes the campaign stop by itself?', answer: 'failure_threshold' },
  { question: 'How do I collect a rating from customers after a survey call?', answer: 'satisfaction_score' },
  {
    question: 'How do I stop the same person from being phoned too many times a week?',
    answer: 'frequency_caps',
  },
  {
    question: 'What is logged when a contact is on the list of people who refused calls?',
    answer: 'do_not_call_skipped',
  },
  { question: 'What error do I get when the audio file I add is too lengthy?', answer: 'audio_too_long' },
];
