import type { Page } from 'playwright-core';

/**
 * A page's readiness as the user sees it: a JavaScript condition on the document (the first row drawn and the main
 * button enabled). `timeToReady` navigates and answers the milliseconds from the navigation's start (the page's
 * time origin) to the first animation frame in which the condition holds.
 */
export async function timeToReady(page: Page, url: string, condition: string): Promise<number> {
  await page.goto(url, { waitUntil: 'commit' });
  const handle = await page.waitForFunction(`(() => (${condition}) ? performance.now() : false)()`, undefined, {
    polling: 'raf',
    timeout: 30_000,
  });
  return (await handle.jsonValue()) as number;
}

/** The condition text: a row of the page's main table, and an enabled button with one of these names. */
export function rowAndButton(rowSelector: string, buttonNames: string[]): string {
  const names = JSON.stringify(buttonNames);
  return `document.querySelector(${JSON.stringify(rowSelector)}) !== null &&
    [...document.querySelectorAll('main button')].some((b) => ${names}.includes(b.textContent.trim()) && !b.disabled)`;
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
