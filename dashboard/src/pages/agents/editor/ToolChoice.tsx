import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ErrorMessage } from '../../../ui/Feedback';
import { LabelledCheckbox } from '../../../ui/LabelledCheckbox';
import { categoryLabel } from '../../tools/tool-draft';
import { useTools } from '../../tools/tool-queries';

/**
 * The tools the LLM may call at a node: the organization's active tools to choose from, and every uuid the node
 * already names that is not one of them (an archived tool, another organization's or a deleted one) shown checked
 * with what it is, so that saving never drops one unseen; unchecking removes it (it stays listed, to undo).
 */
export function ToolChoice({ chosen, onChange }: { chosen: string[]; onChange: (uuids: string[]) => void }) {
  const tools = useTools({ status: 'all', category: '' });
  const all = tools.data ?? [];
  const active = all.filter((tool) => tool.status === 'active');
  // What the node named when the panel opened stays listed once unchecked, so that it can be checked again.
  const [named] = useState(chosen);
  const others = [...new Set([...named, ...chosen])].filter(
    (uuid) => !active.some((tool) => tool.tool_uuid === uuid),
  );
  const toggle = (uuid: string, on: boolean) =>
    onChange(on ? [...chosen, uuid] : chosen.filter((other) => other !== uuid));
  return (
    <fieldset className="tool-choice" aria-busy={tools.isPending}>
      <legend>Tools</legend>
      <p className="hint">The tools the LLM may call at this step, besides its transitions.</p>
      <ErrorMessage error={tools.error} />
      {tools.isPending && <p className="hint">Loading the tools…</p>}
      {tools.data && active.length === 0 && others.length === 0 && (
        <p className="hint">
          The organization has no active tool. <Link to="/tools/new">Make one</Link>
        </p>
      )}
      {active.map((tool) => (
        <LabelledCheckbox
          key={tool.tool_uuid}
          label={tool.name}
          hint={categoryLabel(tool.category)}
          checked={chosen.includes(tool.tool_uuid)}
          onChange={(event) => toggle(tool.tool_uuid, event.target.checked)}
        />
      ))}
      {tools.data &&
        others.map((uuid) => {
          const known = all.find((tool) => tool.tool_uuid === uuid);
          return (
            <LabelledCheckbox
              key={uuid}
              label={known ? `${known.name} (${known.status})` : `Unknown tool ${uuid}`}
              hint={
                known
                  ? 'Not offered while it is not active. Uncheck to remove it from this step.'
                  : 'No tool of this organization has this id: it is not offered. Uncheck to remove it.'
              }
              checked={chosen.includes(uuid)}
              onChange={(event) => toggle(uuid, event.target.checked)}
            />
          );
        })}
    </fieldset>
  );
}
