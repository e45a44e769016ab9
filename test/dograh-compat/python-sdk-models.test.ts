import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validDefinition } from '../agents/fixtures';
import { createConfiguration, uploadSource } from '../campaigns/fixtures';
import { createTestApp, type TestApp } from '../helpers/context';
import { createTestOrganization, type TestOrganization } from '../helpers/organizations';
import { finished, insertRun } from '../runs/fixtures';
import { startOpenAiFake, type OpenAiFake } from '../runtime/fakes/openai-fake';
import { problemsOfModel } from './dograh-check';
import { toneWav, uploadRecording } from '../workflow-recordings/recording-audio';

/**
 * Dograh's own clients read our responses with their models: the Python SDK validates each one with pydantic, the
 * web UI's generated client types them. Every field those models require must come back, with its JSON type
 * (python-sdk-fields.ts lists them with the Dograh file each comes from).
 */
describe("Dograh's client models read our responses", () => {
  let fake: OpenAiFake;
  let t: TestApp;
  let org: TestOrganization;
  let agentId: number;
  let configurationId: number;

  const request = async (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) => {
    const response = await t.app.inject({ method, url: `/api/v1${url}`, headers: org.headers, payload });
    if (response.statusCode >= 300)
      throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
    return response.json();
  };
  const expectModel = (body: unknown, model: string) => expect(problemsOfModel(body, model)).toEqual([]);
  const expectEach = (items: unknown, model: string) => {
    expect(Array.isArray(items) && items.length > 0).toBe(true);
    for (const item of items as unknown[]) expectModel(item, model);
  };

  beforeAll(async () => {
    fake = await startOpenAiFake();
    t = await createTestApp({
      LLM_BASE_URL: fake.baseUrl,
      LLM_MAX_RETRIES: '0',
      TEMPORAL_TASK_QUEUE: `dograh-models-${process.pid}`,
    });
    org = await createTestOrganization(t.ctx.db);
    configurationId = await createConfiguration(t, org.organizationId);
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('agents: create, fetch, list, update and status answer WorkflowResponse and WorkflowListResponse', async () => {
    const created = await request('POST', '/workflow/create/definition', {
      name: 'Reminder agent',
      workflow_definition: validDefinition(),
    });
    expectModel(created, 'WorkflowResponse');
    agentId = created.id;
    expectModel(await request('GET', `/workflow/fetch/${agentId}`), 'WorkflowResponse');
    expectModel(await request('PUT', `/workflow/${agentId}`, { name: 'Renamed agent' }), 'WorkflowResponse');
    expectEach(await request('GET', '/workflow/fetch'), 'WorkflowListResponse');
    expectModel(
      await request('PUT', `/workflow/${agentId}/status`, { status: 'active' }),
      'WorkflowResponse',
    );
  });

  it('node types pass the Python SDK models that forbid extra keys', async () => {
    const all = await request('GET', '/node-types');
    expectModel(all, 'NodeTypesResponse');
    for (const name of ['startCall', 'agentNode', 'endCall', 'globalNode'])
      expectModel(await request('GET', `/node-types/${name}`), 'NodeSpec');
  });

  it('runs: a started run, the run detail and the three runs lists', async () => {
    const started = await request('POST', `/workflow/${agentId}/runs`, { mode: 'textchat' });
    expectModel(started, 'CreateWorkflowRunResponse');
    const campaign = await request('POST', '/campaign/create', {
      name: 'Runs campaign',
      workflow_id: agentId,
      source_type: 'csv',
      source_id: await uploadSource(t, org.organizationId),
      telephony_configuration_id: configurationId,
    });
    await insertRun(
      t.ctx.db,
      {
        organization_id: org.organizationId,
        workflow_id: agentId,
        campaign_id: campaign.id,
        name: 'campaign-run',
        mode: 'simulator',
        call_type: 'outbound',
        createdAt: '2026-01-01T10:00:00Z',
      },
      finished('completed', 60, 100),
    );
    expectModel(await request('GET', `/workflow/${agentId}/runs/${started.id}`), 'WorkflowRunResponseSchema');
    const runs = await request('GET', `/workflow/${agentId}/runs`);
    expectModel(runs, 'WorkflowRunsResponse');
    expect(runs.runs.length).toBe(2);
    expectModel(await request('GET', '/organizations/usage/runs'), 'UsageHistoryResponse');
    const campaignRuns = await request('GET', `/campaign/${campaign.id}/runs`);
    expectModel(campaignRuns, 'CampaignRunsResponse');
    expectEach(campaignRuns.runs, 'WorkflowRunResponseSchema');
    expect(campaignRuns.runs[0]).toMatchObject({
      is_completed: true,
      definition_id: null,
      cost_info: { service_token_usage: 100, call_duration_seconds: 60 },
    });
    expect(runs.runs.find((run: { id: number }) => run.id === started.id)).toMatchObject({
      is_completed: false,
      definition_id: started.definition_id,
    });
  });

  it('campaigns: create, list, get, update, start, pause and resume answer CampaignResponse', async () => {
    const created = await request('POST', '/campaign/create', {
      name: 'Spring outreach',
      workflow_id: agentId,
      source_type: 'csv',
      source_id: await uploadSource(t, org.organizationId),
      telephony_configuration_id: configurationId,
    });
    expectModel(created, 'CampaignResponse');
    const list = await request('GET', '/campaign/');
    expectModel(list, 'CampaignsResponse');
    expect(list.campaigns.length).toBeGreaterThan(0);
    expectModel(await request('GET', `/campaign/${created.id}`), 'CampaignResponse');
    expectModel(await request('PATCH', `/campaign/${created.id}`, { name: 'Summer' }), 'CampaignResponse');
    for (const action of ['start', 'pause', 'resume'])
      expectModel(await request('POST', `/campaign/${created.id}/${action}`), 'CampaignResponse');
  });

  it('phone numbers, provider metadata and the upload URL', async () => {
    const numbers = `/organizations/telephony-configs/${configurationId}/phone-numbers`;
    const created = await request('POST', numbers, { address: '+14155550100', label: 'Main' });
    expectModel(created, 'PhoneNumberResponse');
    expectModel(await request('GET', numbers), 'PhoneNumberListResponse');
    expectModel(await request('GET', `${numbers}/${created.id}`), 'PhoneNumberResponse');
    expectModel(
      await request('PUT', `${numbers}/${created.id}`, { label: 'Front desk' }),
      'PhoneNumberResponse',
    );
    expectModel(await request('POST', `${numbers}/${created.id}/set-default-caller`), 'PhoneNumberResponse');
    expectModel(
      await request('GET', '/organizations/telephony-providers/metadata'),
      'TelephonyProvidersMetadataResponse',
    );
    expectModel(
      await request('POST', '/s3/presigned-upload-url', { file_name: 'contacts.csv', file_size: 120 }),
      'PresignedUploadUrlResponse',
    );
  });

  it('API keys: the created key and the list', async () => {
    expectModel(await request('POST', '/user/api-keys', { name: 'CI key' }), 'CreateApiKeyResponse');
    expectEach(await request('GET', '/user/api-keys'), 'ApiKeyResponse');
  });

  it('webhook credentials: create, list (the SDK’s listCredentials), get and update answer CredentialResponse', async () => {
    const created = await request('POST', '/credentials/', {
      name: 'CRM token',
      credential_type: 'bearer_token',
      credential_data: { token: 'crm-token-0123456789' },
    });
    expectModel(created, 'CredentialResponse');
    expectEach(await request('GET', '/credentials/'), 'CredentialResponse');
    expectModel(await request('GET', `/credentials/${created.uuid}`), 'CredentialResponse');
    expectModel(
      await request('PUT', `/credentials/${created.uuid}`, { description: 'The CRM' }),
      'CredentialResponse',
    );
  });

  it('recordings: create and list (the SDK’s listRecordings) answer RecordingResponseSchema', async () => {
    const { created } = await uploadRecording(t, org, toneWav(0.3, 440), {
      format: 'wav',
      transcript: 'Hi.',
    });
    expect(created.statusCode).toBe(201);
    expectEach(created.json().recordings, 'RecordingResponseSchema');
    expectModel(await request('GET', '/workflow-recordings/'), 'RecordingListResponseSchema');
    expectModel(await request('GET', '/workflow-recordings/?tts_provider=x'), 'RecordingListResponseSchema');
  });

  it('knowledge base: upload-url, process-document, listDocuments, a document and search answer Dograh’s models', async () => {
    const issued = await request('POST', '/knowledge-base/upload-url', {
      filename: 'faq.md',
      mime_type: 'text/markdown',
    });
    expectModel(issued, 'DocumentUploadResponseSchema');
    const put = await fetch(issued.upload_url, {
      method: 'PUT',
      headers: { 'content-type': 'text/markdown' },
      body: '# Parking\n\nVisitors park behind the warehouse.',
    });
    expect(put.status).toBe(200);
    const created = await request('POST', '/knowledge-base/process-document', {
      document_uuid: issued.document_uuid,
      s3_key: issued.s3_key,
    });
    expectModel(created, 'DocumentResponseSchema');
    const listed = await request('GET', '/knowledge-base/documents?limit=10&offset=0');
    expectModel(listed, 'DocumentListResponseSchema');
    expect(listed.documents.length).toBeGreaterThan(0);
    expectModel(
      await request('GET', `/knowledge-base/documents/${issued.document_uuid}`),
      'DocumentResponseSchema',
    );
    for (let tries = 0; tries < 300; tries++) {
      const document = await request('GET', `/knowledge-base/documents/${issued.document_uuid}`);
      if (document.processing_status === 'completed') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const found = await request('POST', '/knowledge-base/search', { query: 'where do visitors park' });
    expectModel(found, 'ChunkSearchResponseSchema');
    expect(found.chunks).toHaveLength(1);
  });

  it('tools: create (the SDK’s createTool), list (listTools), get, update and unarchive answer ToolResponse', async () => {
    const created = await request('POST', '/tools/', {
      name: 'Look up order',
      description: 'Finds an order by its number.',
      definition: {
        type: 'http_api',
        config: {
          method: 'get',
          url: 'https://93.184.216.34/orders/{{order_id}}',
          parameters: [{ name: 'order_id', type: 'string', description: 'The order number.' }],
        },
      },
    });
    expectModel(created, 'ToolResponse');
    expectEach(await request('GET', '/tools/'), 'ToolResponse');
    expectEach(await request('GET', '/tools/?status=active,archived&category=http_api'), 'ToolResponse');
    expectModel(await request('GET', `/tools/${created.tool_uuid}`), 'ToolResponse');
    expectModel(
      await request('PUT', `/tools/${created.tool_uuid}`, { description: 'Finds an order.' }),
      'ToolResponse',
    );
    const calculator = await request('POST', '/tools/', {
      name: 'Calculator',
      definition: { type: 'calculator' },
    });
    expectModel(calculator, 'ToolResponse');
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/tools/${calculator.tool_uuid}`,
      headers: org.headers,
    });
    expect(deleted.json()).toEqual({ status: 'archived', tool_uuid: calculator.tool_uuid });
    expectModel(await request('POST', `/tools/${calculator.tool_uuid}/unarchive`), 'ToolResponse');
  });

  it('signup and login answer AuthResponse', async () => {
    const credentials = {
      email: `dograh-${process.pid}-${Date.now()}@example.com`,
      password: 'a long passphrase 42',
    };
    const post = (url: string) =>
      t.app.inject({ method: 'POST', url: `/api/v1/auth/${url}`, payload: credentials });
    const signup = await post('signup');
    expect(signup.statusCode).toBe(201);
    expectModel(signup.json(), 'AuthResponse');
    const login = await post('login');
    expect(login.statusCode).toBe(200);
    expectModel(login.json(), 'AuthResponse');
  });
});
