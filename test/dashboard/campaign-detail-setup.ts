import type { Page } from 'playwright-core';
import { contactSourceKey } from '../../storage/contact-sources';
import type { EngineHarness } from '../engine/engine-harness';
import { insertAgent, insertSimulatorConfiguration } from '../helpers/fixtures';

/** A signed-up dashboard user's organization and session token, for setting up data through the API. */
export interface CampaignOwner {
  organizationId: number;
  token: string;
}

/**
 * An agent, a fast simulator configuration, a CSV of these lines (after the `phone_number,name` header) and a
 * campaign over them, created through the API as the user; answers the campaign's id.
 */
export async function createUserCampaign(
  h: EngineHarness,
  owner: CampaignOwner,
  input: {
    csvLines: string[];
    /** The CSV's header line; `phone_number,name` by default. */
    header?: string;
    name?: string;
    body?: Record<string, unknown>;
    /** Simulator settings over the fast default (0.1 s ring and talk). */
    simulator?: Record<string, unknown>;
  },
): Promise<number> {
  const { agentId } = await insertAgent(h.ctx.db, owner.organizationId);
  const configurationId = await insertSimulatorConfiguration(h.ctx.db, owner.organizationId, {
    ring_seconds: 0.1,
    talk_seconds: 0.1,
    ...input.simulator,
  });
  const key = contactSourceKey(owner.organizationId, 'contacts.csv');
  const csv = [input.header ?? 'phone_number,name', ...input.csvLines].join('\n');
  await h.ctx.storage.putObject({ key, body: csv, contentType: 'text/csv' });
  const response = await apiCall(h, owner, 'POST', '/api/v1/campaign/create', {
    name: input.name ?? 'Dashboard campaign',
    workflow_id: agentId,
    source_type: 'csv',
    source_id: key,
    telephony_configuration_id: configurationId,
    ring_timeout_seconds: 5,
    ...input.body,
  });
  if (response.status !== 201)
    throw new Error(`create campaign: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { id: number }).id;
}

/** One request to the API as the user (bearer session token). */
export function apiCall(
  h: EngineHarness,
  owner: CampaignOwner,
  method: string,
  path: string,
  body?: unknown,
) {
  return fetch(`${h.baseUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${owner.token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

/** The value shown under a labelled number of the page (a `<dt>`/`<dd>` pair in a stats grid). */
export function statValue(page: Page, label: string, within = page.locator('body')) {
  return within
    .locator('div.stat')
    .filter({ has: page.getByRole('term').filter({ hasText: new RegExp(`^${escapeRegExp(label)}$`) }) })
    .getByRole('definition');
}

/** Waits until the campaign's state badge reads `state` (the page refreshes itself; nothing reloads it). */
export async function waitForState(page: Page, state: string, timeout = 60_000): Promise<void> {
  await page
    .getByRole('status', { name: 'Campaign state' })
    .filter({ hasText: new RegExp(`^${state}$`) })
    .waitFor({ timeout });
}

/** Saves a screenshot for the docs when SCREENSHOTS=1 (the lead commits them). */
export async function screenshot(page: Page, what: string): Promise<void> {
  if (process.env.SCREENSHOTS !== '1') return;
  await page.screenshot({ path: `docs/dashboard/campaign-detail-${what}.png`, fullPage: true });
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
