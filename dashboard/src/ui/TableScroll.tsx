import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';

/**
 * A table's own horizontal scroll box: a table wider than the screen scrolls in it, never the whole page. The box is
 * a named region in the tab order (named after its table), so that a keyboard can scroll it too.
 */
export function TableScroll({ children }: { children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const [name, setName] = useState('Table');
  useLayoutEffect(() => {
    const table = box.current?.querySelector('table');
    const tableName = table?.getAttribute('aria-label') ?? table?.querySelector('caption')?.textContent;
    if (tableName) setName(tableName);
  });
  return (
    <div ref={box} className="table-scroll" role="region" aria-label={name} tabIndex={0}>
      {children}
    </div>
  );
}
