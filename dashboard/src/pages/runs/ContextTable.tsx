import { formatContextValue } from './format';
import { TableScroll } from '../../ui/TableScroll';

interface ContextTableProps {
  title: string;
  context: Record<string, unknown>;
  empty: string;
}

/** A run's context (gathered or initial) as a table of keys and values. */
export function ContextTable({ title, context, empty }: ContextTableProps) {
  const entries = Object.entries(context);
  return (
    <section className="run-context" aria-label={title}>
      <h2>{title}</h2>
      {entries.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <TableScroll>
          <table>
            <thead>
              <tr>
                <th scope="col">Key</th>
                <th scope="col">Value</th>
              </tr>
            </thead>
            <tbody>
              {entries.map(([key, value]) => (
                <tr key={key}>
                  <th scope="row">{key}</th>
                  <td>{formatContextValue(value)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}
