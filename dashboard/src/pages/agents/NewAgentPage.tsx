import { useState } from 'react';
import * as Tabs from '@radix-ui/react-tabs';
import { DefinitionForm } from './DefinitionForm';
import { DescriptionForm } from './DescriptionForm';
import { TemplateForm } from './TemplateForm';
import './agents.css';
import { useDocumentTitle } from '../../app/document-title';

/**
 * A new agent: from a template (a few fields; the default), from a description (both through the template
 * endpoint), or, behind Advanced, from a definition written as JSON.
 */
export function NewAgentPage() {
  useDocumentTitle('New agent', 'Agents');
  const [advancedOpen, setAdvancedOpen] = useState(false);
  return (
    <>
      <div className="page-header">
        <h1>New agent</h1>
      </div>
      <Tabs.Root className="create-tabs" defaultValue="template">
        <Tabs.List aria-label="How to create the agent">
          <Tabs.Trigger value="template">From a template</Tabs.Trigger>
          <Tabs.Trigger value="description">From a description</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="template">
          <TemplateForm />
        </Tabs.Content>
        <Tabs.Content value="description">
          <DescriptionForm />
        </Tabs.Content>
      </Tabs.Root>
      <section className="advanced-create">
        <button
          type="button"
          aria-expanded={advancedOpen}
          aria-controls="advanced-definition"
          onClick={() => setAdvancedOpen((open) => !open)}
        >
          Advanced: write the definition as JSON
        </button>
        <div id="advanced-definition" hidden={!advancedOpen}>
          {advancedOpen && <DefinitionForm />}
        </div>
      </section>
    </>
  );
}
