import type { ReactNode } from 'react';

/** A table's own horizontal scroll box: a table wider than the screen scrolls in it, never the whole page. */
export function TableScroll({ children }: { children: ReactNode }) {
  return <div className="table-scroll">{children}</div>;
}
