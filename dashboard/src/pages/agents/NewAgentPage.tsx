import * as Tabs from '@radix-ui/react-tabs';
import { DefinitionForm } from './DefinitionForm';
import { DescriptionForm } from './DescriptionForm';
import './agents.css';
import { useDocumentTitle } from '../../app/document-title';

/** A new agent: from a definition (JSON, a small graph filled in) or from a description (the template endpoint). */
export function NewAgentPage() {
  useDocumentTitle('New agent', 'Agents');
  return (
    <>
      <div className="page-header">
        <h1>New agent</h1>
      </div>
      <Tabs.Root className="create-tabs" defaultValue="definition">
        <Tabs.List aria-label="How to create the agent">
          <Tabs.Trigger value="definition">From a definition</Tabs.Trigger>
          <Tabs.Trigger value="description">From a description</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="definition">
          <DefinitionForm />
        </Tabs.Content>
        <Tabs.Content value="description">
          <DescriptionForm />
        </Tabs.Content>
      </Tabs.Root>
    </>
  );
}
