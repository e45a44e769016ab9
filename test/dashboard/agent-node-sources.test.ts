import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestOrganization } from '../helpers/organizations';
import { settled, uploadDocument } from '../knowledge-base/kb-helpers';
import { toneWav, uploadRecording } from '../workflow-recordings/recording-audio';
import { createAgentThroughApi } from './agents-world';
import { signUpInContext, startDashboardHarness, type DashboardHarness } from './browser';

describe("dashboard: a node's knowledge-base documents and a start's greeting", () => {
  let d: DashboardHarness;
  beforeAll(async () => {
    d = await startDashboardHarness();
  }, 120_000);
  afterAll(async () => d?.close());

  it('picks completed documents, a recorded greeting and a delayed start, saves them and reads them back', async () => {
    const { context, page, problems } = await d.newContext();
    const user = await signUpInContext(context, d.h.baseUrl);
    // The helpers send these headers; a bearer session authenticates as well as an API key.
    const who = { headers: { authorization: `Bearer ${user.token}` } } as unknown as TestOrganization;
    const faq = await uploadDocument(d.h, who, {
      filename: 'faq.md',
      mimeType: 'text/markdown',
      bytes: Buffer.from('# FAQ\n\nThe shop opens at nine.\n'),
    });
    expect((await settled(d.h, who, faq.document_uuid)).processing_status).toBe('completed');
    const { created } = await uploadRecording(d.h, who, toneWav(0.5, 440), {
      format: 'wav',
      transcript: 'Hello from Acme.',
    });
    expect(created.statusCode, created.body).toBe(201);
    const recording = created.json().recordings[0] as { id: number; recording_id: string };
    const agentId = await createAgentThroughApi(d, user.token, 'Shop line');

    await page.goto(`/app/agents/${agentId}`);
    await page.getByRole('group', { name: 'Start: Greeting' }).click();
    const panel = page.getByRole('complementary', { name: 'Node settings' });
    await panel.getByRole('group', { name: 'Knowledge base documents' }).getByLabel('faq.md').check();
    await panel.getByLabel('Greeting type').selectOption('audio');
    await panel
      .getByLabel('Greeting recording')
      .selectOption({ label: `${recording.recording_id}: Hello from Acme.` });
    await panel.getByLabel('Delayed start').check();
    await panel.getByLabel('Delay (seconds)').fill('3.5');
    await page.getByRole('button', { name: 'Save as new version' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved as version 2.' }).waitFor();

    const response = await fetch(`${d.h.baseUrl}/api/v1/workflow/fetch/${agentId}`, {
      headers: { authorization: `Bearer ${user.token}` },
    });
    const saved = (await response.json()) as {
      workflow_definition: { nodes: Array<{ id: string; data: Record<string, unknown> }> };
    };
    expect(saved.workflow_definition.nodes.find((node) => node.id === 'start')?.data).toEqual({
      name: 'Greeting',
      prompt: 'Say hello.',
      document_uuids: [faq.document_uuid],
      greeting_type: 'audio',
      greeting_recording_id: recording.id,
      delayed_start: true,
      delayed_start_duration: 3.5,
    });

    await page.reload();
    await page.getByRole('group', { name: 'Start: Greeting' }).click();
    const documents = panel.getByRole('group', { name: 'Knowledge base documents' });
    expect(await documents.getByLabel('faq.md').isChecked()).toBe(true);
    expect(await panel.getByLabel('Greeting type').inputValue()).toBe('audio');
    expect(await panel.getByLabel('Greeting recording').inputValue()).toBe(String(recording.id));
    expect(await panel.getByLabel('Delayed start').isChecked()).toBe(true);
    expect(await panel.getByLabel('Delay (seconds)').inputValue()).toBe('3.5');
    expect(problems).toEqual([]);
  }, 90_000);
});
