import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/context';
import { insertAgent, insertCampaign, insertSimulatorConfiguration } from '../helpers/fixtures';
import { createTestOrganization, type TestOrganization } from '../helpers/organizations';

/** `GET /campaign/{id}/rejected-rows` and its CSV: the rows the import set aside, with their reasons in words. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

async function campaignWithRejects(org: TestOrganization) {
  const { agentId } = await insertAgent(t.ctx.db, org.organizationId);
  const configurationId = await insertSimulatorConfiguration(t.ctx.db, org.organizationId);
  const campaignId = await insertCampaign(t.ctx.db, {
    organizationId: org.organizationId,
    agentId,
    configurationId,
  });
  await t.ctx.db
    .insertInto('contact_rejects')
    .values([
      {
        campaign_id: campaignId,
        row_number: 4,
        reason: 'duplicate',
        raw: { phone_number: '+14155550101', name: 'Ann again' },
      },
      {
        campaign_id: campaignId,
        row_number: 2,
        reason: 'invalid_phone_number',
        raw: { phone_number: 'not-a-number', name: '=HYPERLINK("x")' },
      },
      {
        campaign_id: campaignId,
        row_number: 7,
        reason: 'invalid_timezone',
        raw: { phone_number: '+14155550107', name: 'Cy', timezone: 'Mars/Olympus' },
      },
    ])
    .execute();
  return campaignId;
}

describe('rejected rows', () => {
  it('lists them in row order with their reasons in words, a page at a time', async () => {
    const org = await createTestOrganization(t.ctx.db);
    const campaignId = await campaignWithRejects(org);
    const get = (query: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/v1/campaign/${campaignId}/rejected-rows${query}`,
        headers: org.headers,
      });
    const first = await get('?limit=2');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({
      rows: [
        {
          row_number: 2,
          reason: 'invalid_phone_number',
          message: 'The phone number is not a valid number.',
          row: { phone_number: 'not-a-number', name: '=HYPERLINK("x")' },
        },
        {
          row_number: 4,
          reason: 'duplicate',
          message: 'The same phone number as an earlier row: that row is called, this one is not.',
          row: { phone_number: '+14155550101', name: 'Ann again' },
        },
      ],
      page: 1,
      limit: 2,
      total_count: 3,
      total_pages: 2,
    });
    expect(
      (await get('?limit=2&page=2')).json().rows.map((row: { row_number: number }) => row.row_number),
    ).toEqual([7]);
    expect((await get('?limit=0')).statusCode).toBe(422);
  });

  it('downloads them as spreadsheet-safe CSV, every column of the rows as read', async () => {
    const org = await createTestOrganization(t.ctx.db);
    const campaignId = await campaignWithRejects(org);
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/campaign/${campaignId}/rejected-rows/csv`,
      headers: org.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="campaign-${campaignId}-rejected-rows.csv"`,
    );
    expect(response.body.split('\r\n')).toEqual([
      'row_number,reason,message,name,phone_number,timezone',
      `2,invalid_phone_number,The phone number is not a valid number.,"'=HYPERLINK(""x"")",not-a-number,`,
      "4,duplicate,The same phone number as an earlier row: that row is called, this one is not.,Ann again,'+14155550101,".replace(
        'The same phone number as an earlier row: that row is called, this one is not.',
        '"The same phone number as an earlier row: that row is called, this one is not."',
      ),
      "7,invalid_timezone,The timezone cell is not a known time zone (e.g. America/New_York).,Cy,'+14155550107,Mars/Olympus",
      '',
    ]);
  });

  it("is 404 for another organization's campaign", async () => {
    const owner = await createTestOrganization(t.ctx.db);
    const stranger = await createTestOrganization(t.ctx.db);
    const campaignId = await campaignWithRejects(owner);
    for (const suffix of ['', '/csv']) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/v1/campaign/${campaignId}/rejected-rows${suffix}`,
        headers: stranger.headers,
      });
      expect(response.statusCode).toBe(404);
      expect(response.json().detail).toBe('campaign_not_found');
    }
  });
});
