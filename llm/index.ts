import type { Config } from '../config';
import type { LanguageModel } from './language-model';
import { OpenAiLanguageModel } from './openai-model';

export * from './language-model';

/** The configured LLM, or null when none is configured (templates then use the built-in generator). */
export function createLanguageModel(config: Pick<Config, 'llm'>): LanguageModel | null {
  return config.llm ? new OpenAiLanguageModel(config.llm) : null;
}
