import { Link, useNavigate } from 'react-router-dom';
import { ToolForm } from './ToolForm';
import { blankDraft } from './tool-draft';
import { useToolMutations } from './tool-queries';
import './tools.css';
import { useDocumentTitle } from '../../app/document-title';

const BLANK = blankDraft();

/** A new tool: the form, then the tool's own page (to test it). */
export function NewToolPage() {
  useDocumentTitle('New tool', 'Tools');
  const { create } = useToolMutations();
  const navigate = useNavigate();
  return (
    <div className="tools">
      <p>
        <Link to="/tools">← All tools</Link>
      </p>
      <div className="page-header">
        <h1>New tool</h1>
      </div>
      <ToolForm
        title="New tool"
        submitLabel="Create tool"
        initial={BLANK}
        stored={null}
        pending={create.isPending}
        error={create.error}
        onSubmit={(fields) =>
          create.mutate(fields, { onSuccess: (tool) => void navigate(`/tools/${tool.tool_uuid}`) })
        }
      />
    </div>
  );
}
