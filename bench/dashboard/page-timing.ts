import type { Page } from 'playwright-core';

interface PageDocument {
  querySelector(selector: string): unknown;
  querySelectorAll(selector: string): ArrayLike<{ textContent: string | null; disabled?: boolean }>;
}

/** What "ready" means on a page: a row of its main table drawn, and an enabled button with one of these names. */
export interface Readiness {
  rowSelector: string;
  buttonNames: string[];
}

/**
 * Navigates and answers the milliseconds from the navigation's start (the page's time origin) to the first animation
 * frame in which the page is ready. The check is a function, not a string: the page's CSP forbids eval.
 */
export async function timeToReady(page: Page, url: string, ready: Readiness): Promise<number> {
  await page.goto(url, { waitUntil: 'commit' });
  const handle = await page.waitForFunction(
    ({ rowSelector, buttonNames }) => {
      // Runs in the page; the project's types have no DOM, so the little it reads is typed here.
      const doc = (globalThis as unknown as { document: PageDocument }).document;
      const buttons = Array.from(doc.querySelectorAll('main button'));
      const ready =
        doc.querySelector(rowSelector) !== null &&
        buttons.some((button) => buttonNames.includes((button.textContent ?? '').trim()) && !button.disabled);
      return ready ? performance.now() : false;
    },
    ready,
    { polling: 'raf', timeout: 30_000 },
  );
  return (await handle.jsonValue()) as number;
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
