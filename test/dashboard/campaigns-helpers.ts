import { GetBucketCorsCommand, PutBucketCorsCommand, S3Client } from '@aws-sdk/client-s3';
import type { BrowserContext, Page } from 'playwright-core';
import { inject } from 'vitest';
import { contactSourceKey } from '../../storage/contact-sources';
import { insertAgent, insertSimulatorConfiguration } from '../helpers/fixtures';
import { waitFor } from '../engine/engine-harness';
import { signUpInContext, type DashboardHarness } from './browser';

/** A signed-up user with an agent and a fast simulator configuration in their own organization. */
export interface CampaignsUser {
  token: string;
  organizationId: number;
  agentId: number;
  agentName: string;
  configurationId: number;
  headers: { authorization: string };
}

/** Signs a user up in this browser profile and gives their organization an agent and a simulator configuration. */
export async function campaignsUser(d: DashboardHarness, context: BrowserContext): Promise<CampaignsUser> {
  const user = await signUpInContext(context, d.h.baseUrl);
  const agentName = 'Appointment reminder';
  const { agentId } = await insertAgent(d.h.ctx.db, user.organizationId, { name: agentName });
  const configurationId = await insertSimulatorConfiguration(d.h.ctx.db, user.organizationId, {
    ring_seconds: 0.1,
    talk_seconds: 0.1,
  });
  return {
    token: user.token,
    organizationId: user.organizationId,
    agentId,
    agentName,
    configurationId,
    headers: { authorization: `Bearer ${user.token}` },
  };
}

/** Three good numbers (simulator: completed), one that is no number, and the first one again. */
export const CSV_3_GOOD_1_INVALID_1_DUPLICATE = [
  'Phone Number,name',
  '+12125550010,Ann',
  '+12125550020,Bob',
  '+12125550030,Cy',
  'not-a-number,Dee',
  '+12125550010,Ann again',
].join('\n');

/** Creates a campaign through the API over a CSV of these numbers written straight to the store; answers its id. */
export async function createCampaignThroughApi(
  d: DashboardHarness,
  user: CampaignsUser,
  input: { name: string; phones: string[] },
): Promise<number> {
  const key = contactSourceKey(user.organizationId, 'contacts.csv');
  const csv = ['phone_number', ...input.phones].join('\n');
  await d.h.ctx.storage.putObject({ key, body: csv, contentType: 'text/csv' });
  const response = await d.h.app.inject({
    method: 'POST',
    url: '/api/v1/campaign/create',
    headers: user.headers,
    payload: {
      name: input.name,
      workflow_id: user.agentId,
      source_type: 'csv',
      source_id: key,
      telephony_configuration_id: user.configurationId,
    },
  });
  if (response.statusCode !== 201) throw new Error(`create: ${response.statusCode} ${response.body}`);
  return (response.json() as { id: number }).id;
}

/** Reads a campaign through the API. */
export async function campaignThroughApi(d: DashboardHarness, user: CampaignsUser, campaignId: number) {
  const response = await d.h.app.inject({ url: `/api/v1/campaign/${campaignId}`, headers: user.headers });
  return response.json() as {
    state: string;
    total_rows: number;
    processed_rows: number;
    invalid_rows: number;
    duplicate_rows: number;
  };
}

/** Starts a campaign through the API and waits until it is in one of these states. */
export async function startAndWait(
  d: DashboardHarness,
  user: CampaignsUser,
  campaignId: number,
  states: string[] = ['completed'],
) {
  const started = await d.h.app.inject({
    method: 'POST',
    url: `/api/v1/campaign/${campaignId}/start`,
    headers: user.headers,
  });
  if (started.statusCode !== 200) throw new Error(`start: ${started.statusCode} ${started.body}`);
  return waitFor(
    async () => {
      const campaign = await campaignThroughApi(d, user, campaignId);
      return states.includes(campaign.state) && campaign;
    },
    { timeoutMs: 60_000, what: `campaign ${campaignId} in ${states.join(' or ')}` },
  );
}

/**
 * The bucket CORS rule of docs/dashboard.md ("CSV upload and S3 CORS"), for the dashboard at this origin: the page
 * PUTs the CSV (or a knowledge-base document) to the presigned URL with a Content-Type header, which needs a preflight
 * the bucket must answer. The suite's files share the bucket and run side by side, each dashboard at its own port:
 * the origins already allowed stay allowed, so that one file's rule does not take another's away.
 */
export async function allowDashboardUploads(origin: string): Promise<void> {
  const s3 = inject('s3');
  const client = new S3Client({
    endpoint: s3.endpoint,
    region: s3.region,
    forcePathStyle: true,
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
  });
  try {
    const allowed = await client
      .send(new GetBucketCorsCommand({ Bucket: s3.bucket }))
      .then((answer) => answer.CORSRules?.[0]?.AllowedOrigins ?? [])
      .catch(() => []);
    await client.send(
      new PutBucketCorsCommand({
        Bucket: s3.bucket,
        CORSConfiguration: {
          CORSRules: [
            {
              AllowedOrigins: [...new Set([...allowed, origin])],
              AllowedMethods: ['PUT'],
              AllowedHeaders: ['content-type'],
              ExposeHeaders: ['ETag'],
              MaxAgeSeconds: 3000,
            },
          ],
        },
      }),
    );
  } finally {
    client.destroy();
  }
}

/** The error message shown for the control with this accessible name (the element its aria-describedby names). */
export async function fieldErrorOf(page: Page, label: string): Promise<string | null> {
  const control = page.getByLabel(label, { exact: true });
  const describedBy = (await control.getAttribute('aria-describedby')) ?? '';
  const errorId = describedBy.split(' ').find((id) => id.endsWith('-error'));
  if (!errorId) return null;
  return page.locator(`[id=${JSON.stringify(errorId)}]`).textContent();
}
