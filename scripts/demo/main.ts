import { ApiSession } from './api-session';
import { DEMO_AGENT, demoContactsCsv } from './demo-data';

/**
 * `npm run demo`: fills a demo organization in the running service (start it first with ./scripts/start.sh): an
 * agent, a simulator telephony configuration with a caller number, a finished campaign and a running one, then
 * prints how to log in. Run it again to add two more campaigns to the same organization.
 */
const baseUrl = (process.env.DEMO_API_URL ?? `http://127.0.0.1:${process.env.PORT ?? 8000}`).replace(/\/+$/, '');
const email = process.env.DEMO_EMAIL ?? 'demo@example.com';
const password = process.env.DEMO_PASSWORD ?? 'demo-calling-service';
const log = (line: string) => process.stdout.write(`demo | ${line}\n`);

async function main(): Promise<void> {
  const health = await fetch(`${baseUrl}/api/v1/health`).catch(() => null);
  if (!health) throw new Error(`no service answers at ${baseUrl}: start it with ./scripts/start.sh (or set DEMO_API_URL)`);

  const api = new ApiSession(baseUrl);
  log(`${(await api.signIn(email, password, 'Demo organization')) === 'created' ? 'signed up' : 'logged in'} as ${email}`);

  // The demo dials only the simulator, whatever the hour: legal calling hours (on by default) would hold its contacts
  // outside 08:00-21:00 in New York, and the demo would wait for the morning. Every other rule keeps its default.
  await api.request('PUT', '/api/v1/organizations/calling-rules', { legal_hours: { enabled: false } });
  log('legal calling hours turned off for the demo organization (it dials only the simulator)');

  const agent = await api.request<{ id: number }>('POST', '/api/v1/workflow/create/definition', DEMO_AGENT);
  log(`agent ${agent.id}: ${DEMO_AGENT.name}`);

  const configuration = await api.request<{ id: number }>('POST', '/api/v1/organizations/telephony-configs', {
    name: `Demo simulator ${new Date().toISOString().slice(0, 16)}`,
    config: { provider: 'simulator', ring_seconds: 1, talk_seconds: 2 },
    is_default_outbound: true,
  });
  await api.request('POST', `/api/v1/organizations/telephony-configs/${configuration.id}/phone-numbers`, {
    address: '+12125550100',
    is_default_caller_id: true,
  });
  log(`simulator telephony configuration ${configuration.id} with caller +12125550100`);

  const finished = await createCampaign(api, 'Demo: finished', agent.id, configuration.id, demoContactsCsv(10, 100), 5);
  await api.request('POST', `/api/v1/campaign/${finished}/start`);
  log(`campaign ${finished} started (10 contacts); waiting for it to finish...`);
  await waitUntilFinished(api, finished);
  log(`campaign ${finished} completed`);

  // 200 contacts two at a time, each answered call talking for 10 to 20 s: it keeps running for a long while.
  const running = await createCampaign(api, 'Demo: running', agent.id, configuration.id, demoContactsCsv(200, 200), 2);
  await api.request('POST', `/api/v1/campaign/${running}/start`);
  log(`campaign ${running} started (200 contacts, 2 at a time): it runs for several minutes`);

  log('');
  log(`Dashboard: ${baseUrl}/app/   (log in as ${email} / ${password})`);
  log(`Campaigns: ${baseUrl}/app/campaigns/${finished} and ${baseUrl}/app/campaigns/${running}`);
}

async function createCampaign(
  api: ApiSession,
  name: string,
  agentId: number,
  configurationId: number,
  csv: string,
  maxConcurrency: number,
): Promise<number> {
  const upload = await api.request<{ upload_url: string; file_key: string }>(
    'POST',
    '/api/v1/s3/presigned-upload-url',
    { file_name: 'demo-contacts.csv', file_size: Buffer.byteLength(csv) },
  );
  const put = await fetch(upload.upload_url, { method: 'PUT', headers: { 'content-type': 'text/csv' }, body: csv });
  if (!put.ok) throw new Error(`uploading the contacts failed: HTTP ${put.status}`);
  const campaign = await api.request<{ id: number }>('POST', '/api/v1/campaign/create', {
    name,
    workflow_id: agentId,
    source_type: 'csv',
    source_id: upload.file_key,
    telephony_configuration_id: configurationId,
    max_concurrency: maxConcurrency,
    retry_config: { enabled: true, max_retries: 1, retry_delay_seconds: 5 },
  });
  return campaign.id;
}

async function waitUntilFinished(api: ApiSession, campaignId: number): Promise<void> {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    const progress = await api.request<{ state: string; processed_rows: number; total_rows: number }>(
      'GET',
      `/api/v1/campaign/${campaignId}/progress`,
    );
    if (progress.state === 'completed' || progress.state === 'failed') return;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error(`campaign ${campaignId} did not finish within 3 minutes: is the worker running?`);
}

main().catch((error: unknown) => {
  process.stderr.write(`demo failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
