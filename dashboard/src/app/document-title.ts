import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/** The product's name, as the top bar shows it and every document title ends. */
export const PRODUCT_NAME = 'Voice Agent Calling';

/** A document title from the most specific part to the least: "Spring follow-up · Campaigns · Voice Agent Calling". */
export function documentTitle(...parts: string[]): string {
  return [...parts, PRODUCT_NAME].join(' · ');
}

/**
 * Sets the document title while the page shows, once every part is known (a part still loading is `undefined`).
 * The path is a dependency so that the layout's section title, set first on each navigation, never wins.
 */
export function useDocumentTitle(...parts: Array<string | undefined>): void {
  const { pathname } = useLocation();
  const known = parts.every((part) => part !== undefined);
  const title = known ? documentTitle(...(parts as string[])) : null;
  useEffect(() => {
    if (title) document.title = title;
  }, [title, pathname]);
}
