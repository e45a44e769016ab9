import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/context';
import { createTestOrganization } from '../helpers/organizations';
import {
  campaignFixture,
  createAgent,
  createBody,
  createConfiguration,
  uploadSource,
  type CampaignFixture,
} from './fixtures';

describe('creating a campaign', () => {
  let t: TestApp;
  let f: CampaignFixture;
  beforeAll(async () => {
    t = await createTestApp({ TEMPORAL_TASK_QUEUE: `campaign-api-${process.pid}` });
    f = await campaignFixture(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const create = (fixture: CampaignFixture, overrides: Record<string, unknown> = {}, body?: object) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/campaign/create',
      headers: fixture.headers,
      payload: body ?? createBody(fixture, overrides),
    });

  it('answers 201 with a campaign in created, every setting populated with its default', async () => {
    const response = await create(f);
    expect(response.statusCode).toBe(201);
    const campaign = response.json();
    expect(campaign).toMatchObject({
      name: 'Spring outreach',
      workflow_id: f.agentId,
      workflow_name: 'Sales agent',
      state: 'created',
      source_type: 'csv',
      source_id: f.sourceId,
      total_rows: 0,
      processed_rows: 0,
      failed_rows: 0,
      invalid_rows: 0,
      duplicate_rows: 0,
      do_not_call_rows: 0,
      executed_count: 0,
      total_queued_count: 0,
      started_at: null,
      completed_at: null,
      retry_config: {
        enabled: true,
        max_retries: 2,
        retry_delay_seconds: 120,
        retry_on_busy: true,
        retry_on_no_answer: true,
        retry_on_voicemail: false,
      },
      max_concurrency: 10,
      schedule_config: { enabled: false, timezone: 'UTC', slots: [], contact_timezone: 'campaign' },
      circuit_breaker: {
        enabled: false,
        failure_threshold: 0.5,
        window_seconds: 120,
        min_calls_in_window: 5,
      },
      ring_timeout_seconds: 45,
      parent_campaign_id: null,
      redialed_campaign_id: null,
      telephony_configuration_id: f.configurationId,
      telephony_configuration_name: 'Simulator',
    });
    expect(campaign).not.toHaveProperty('resume_state');
    expect(campaign).not.toHaveProperty('organization_id');
    expect(campaign.logs).toHaveLength(1);
    expect(campaign.logs[0]).toMatchObject({ level: 'info', event: 'created' });
  });

  it('reads time_slots and timezone as the schedule, Monday as day 0', async () => {
    const response = await create(f, {
      time_slots: [
        { day: 'monday', start: '09:00', end: '17:00' },
        { day: 'sunday', start: '22:00', end: '02:00' },
      ],
      timezone: 'America/New_York',
      retry_config: { max_retries: 5 },
      circuit_breaker: { enabled: true },
      max_concurrency: 3,
      ring_timeout_seconds: 20,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      schedule_config: {
        enabled: true,
        timezone: 'America/New_York',
        slots: [
          { day_of_week: 0, start_time: '09:00', end_time: '17:00' },
          { day_of_week: 6, start_time: '22:00', end_time: '02:00' },
        ],
      },
      retry_config: { enabled: true, max_retries: 5, retry_delay_seconds: 120 },
      circuit_breaker: { enabled: true, failure_threshold: 0.5, min_calls_in_window: 5 },
      max_concurrency: 3,
      ring_timeout_seconds: 20,
    });
  });

  it('takes the long form schedule_config as well', async () => {
    const schedule_config = {
      enabled: true,
      timezone: 'Europe/Berlin',
      slots: [{ day_of_week: 4, start_time: '08:00', end_time: '24:00' }],
      contact_timezone: 'contact',
    };
    const response = await create(f, { schedule_config });
    expect(response.statusCode).toBe(201);
    expect(response.json().schedule_config).toEqual(schedule_config);
  });

  it('pins the campaign to a given configuration of the organization', async () => {
    const other = await createConfiguration(t, f.organizationId, { name: 'Second', isDefault: false });
    const response = await create(f, { telephony_configuration_id: other });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      telephony_configuration_id: other,
      telephony_configuration_name: 'Second',
    });
  });

  it('answers 400 workflow_not_found for an agent of another organization', async () => {
    const stranger = await campaignFixture(t);
    const response = await create(f, { workflow_id: stranger.agentId });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ detail: 'workflow_not_found' });
  });

  it('answers 400 telephony_configuration_not_found for a configuration of another organization', async () => {
    const stranger = await campaignFixture(t);
    const response = await create(f, { telephony_configuration_id: stranger.configurationId });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ detail: 'telephony_configuration_not_found' });
  });

  it('answers 400 telephony_configuration_not_found when none is given and there is no default', async () => {
    const organization = await createTestOrganization(t.ctx.db);
    const agentId = await createAgent(t, organization.organizationId);
    await createConfiguration(t, organization.organizationId, { isDefault: false });
    const sourceId = await uploadSource(t, organization.organizationId);
    const fixture = { ...organization, agentId, configurationId: 0, sourceId };
    const response = await create(fixture);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ detail: 'telephony_configuration_not_found' });
    expect(response.json().message).toMatch(/no default outbound configuration/);
  });

  it('answers 404 source_not_found outside the organization prefix, and for a key never uploaded', async () => {
    const stranger = await campaignFixture(t);
    for (const source_id of [
      stranger.sourceId,
      `campaigns/${f.organizationId}/00000000-0000-4000-8000-000000000000/missing.csv`,
      `campaigns/${f.organizationId}/../${stranger.organizationId}/x.csv`,
      'anything.csv',
    ]) {
      const response = await create(f, { source_id });
      expect(response.statusCode, source_id).toBe(404);
      expect(response.json()).toMatchObject({ detail: 'source_not_found' });
    }
  });

  it.each([
    ['an unsupported source_type', { source_type: 'xlsx' }, ['body', 'source_type']],
    [
      'an unknown IANA zone',
      { time_slots: [{ day: 'monday', start: '09:00', end: '10:00' }], timezone: 'Mars/Base' },
      ['body', 'timezone'],
    ],
    [
      'an unknown zone in schedule_config',
      { schedule_config: { enabled: false, timezone: 'Nowhere/Land' } },
      ['body', 'schedule_config', 'timezone'],
    ],
    [
      'an unknown weekday',
      { time_slots: [{ day: 'funday', start: '09:00', end: '10:00' }] },
      ['body', 'time_slots', '0', 'day'],
    ],
    [
      'a malformed time',
      { time_slots: [{ day: 'monday', start: '9am', end: '10:00' }] },
      ['body', 'time_slots', '0', 'start'],
    ],
    [
      'both schedule forms',
      { time_slots: [], schedule_config: { enabled: false } },
      ['body', 'schedule_config'],
    ],
    [
      'an enabled schedule without slots',
      { schedule_config: { enabled: true, slots: [] } },
      ['body', 'schedule_config', 'slots'],
    ],
    ['max_concurrency above the organization limit', { max_concurrency: 1001 }, ['body', 'max_concurrency']],
    ['max_concurrency 0', { max_concurrency: 0 }, ['body', 'max_concurrency']],
    [
      'a failure_threshold above 1',
      { circuit_breaker: { failure_threshold: 1.5 } },
      ['body', 'circuit_breaker', 'failure_threshold'],
    ],
    [
      'a negative retry delay',
      { retry_config: { retry_delay_seconds: -1 } },
      ['body', 'retry_config', 'retry_delay_seconds'],
    ],
    ['a blank name', { name: '   ' }, ['body', 'name']],
  ])('answers 422 for %s', async (_label, overrides, loc) => {
    const response = await create(f, overrides);
    expect(response.statusCode).toBe(422);
    expect(response.json().detail).toEqual(expect.arrayContaining([expect.objectContaining({ loc })]));
  });

  it('answers 422 when a required field is missing', async () => {
    const response = await create(f, {}, { name: 'x', workflow_id: f.agentId, source_type: 'csv' });
    expect(response.statusCode).toBe(422);
    expect(response.json().detail[0]).toMatchObject({ loc: ['body', 'source_id'], type: 'missing' });
  });

  it('refuses a read-only key with 403', async () => {
    const readOnly = await campaignFixture(t, { scopes: ['read'] });
    const response = await create(readOnly);
    expect(response.statusCode).toBe(403);
  });
});
