/**
 * Whether an error is a page's code failing to load: the chunk a tab opened before a deploy asks for is gone (or
 * the network dropped it). Browsers word it differently; Vite's preload helper adds its own for CSS.
 */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'ChunkLoadError') return true;
  return CHUNK_FAILURE_MESSAGES.some((pattern) => pattern.test(error.message));
}

const CHUNK_FAILURE_MESSAGES = [
  /Failed to fetch dynamically imported module/i, // Chromium
  /error loading dynamically imported module/i, // Firefox
  /Importing a module script failed/i, // Safari
  /Unable to preload CSS/i, // Vite's preload helper
  /Loading (CSS )?chunk .* failed/i, // webpack-style wording, should a library bring its own loader
];
