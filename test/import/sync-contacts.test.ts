import { ApplicationFailure } from '@temporalio/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/context';
import { campaignRow, contactsOf, logsOf, rejectsOf, runSync, syncingCampaign } from './sync-helpers';

describe('importing a campaign CSV', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('reads a BOM, CRLF, quoted commas and newlines, and any case of the header', async () => {
    const csv =
      '\uFEFF Phone Number ,First Name,notes\r\n' +
      '+14155550100,Ada,"likes tea, not coffee"\r\n' +
      '(415) 555-0101,Grace,"line one\r\nline two"\r\n' +
      '\r\n' +
      ',,\r\n' +
      '415-555-0102,Linus,\r\n';
    const id = await syncingCampaign(t, csv);
    const result = await runSync(t, id);
    expect(result).toEqual({
      outcome: 'running',
      totalRows: 3,
      validRows: 3,
      invalidRows: 0,
      duplicateRows: 0,
    });
    const contacts = await contactsOf(t, id);
    expect(contacts.map((c) => [c.row_number, c.phone_number])).toEqual([
      [1, '+14155550100'],
      [2, '+14155550101'],
      [3, '+14155550102'],
    ]);
    expect(contacts[0]!.initial_context).toEqual({ 'First Name': 'Ada', notes: 'likes tea, not coffee' });
    expect(contacts[1]!.initial_context).toMatchObject({ notes: 'line one\r\nline two' });
    expect(contacts.every((c) => c.next_attempt_at !== null && c.final_outcome === null)).toBe(true);
    const campaign = await campaignRow(t, id);
    expect(campaign).toMatchObject({ state: 'running', total_rows: 3, invalid_rows: 0, duplicate_rows: 0 });
    const events = (await logsOf(t, id)).map((l) => l.event);
    expect(events).toEqual(['sync_started', 'sync_completed']);
  });

  it('sets invalid and duplicate numbers aside with their reason and raw row, first occurrence kept', async () => {
    const csv = [
      'phone_number,name',
      '+14155550100,first',
      'not a number,bad',
      ',empty',
      '(415) 555-0100,same number other format',
      '+14155550103,ok',
      '12,too short',
      '+14155550103,dup again',
    ].join('\n');
    const id = await syncingCampaign(t, csv);
    const result = await runSync(t, id, { batchSize: 3 });
    expect(result).toEqual({
      outcome: 'running',
      totalRows: 7,
      validRows: 2,
      invalidRows: 3,
      duplicateRows: 2,
    });
    const rejects = await rejectsOf(t, id);
    expect(rejects.map((r) => [r.row_number, r.reason])).toEqual([
      [2, 'invalid_phone_number'],
      [3, 'missing_phone_number'],
      [4, 'duplicate'],
      [6, 'invalid_phone_number'],
      [7, 'duplicate'],
    ]);
    expect(rejects[0]!.raw).toEqual({ phone_number: 'not a number', name: 'bad' });
    expect(rejects[2]!.raw).toMatchObject({
      phone_number: '(415) 555-0100',
      name: 'same number other format',
    });
    expect(await campaignRow(t, id)).toMatchObject({ total_rows: 2, invalid_rows: 3, duplicate_rows: 2 });
    const done = (await logsOf(t, id)).find((l) => l.event === 'sync_completed')!;
    expect(done.details).toEqual({ total_rows: 7, valid_rows: 2, invalid_rows: 3, duplicate_rows: 2 });
  });

  it('keeps the exact raw row of a duplicate, first seen in the same batch or an earlier one', async () => {
    const csv = [
      ' Phone Number ,name,notes',
      '+14155550100,a,x',
      '(415) 555-0100,b,"y, z"',
      '+14155550101,c,',
      '415-555-0101,d,,',
      '4155550100,e,"tab\there"',
    ].join('\n');
    const id = await syncingCampaign(t, csv);
    expect(await runSync(t, id, { batchSize: 2 })).toMatchObject({ validRows: 2, duplicateRows: 3 });
    expect((await rejectsOf(t, id)).map((r) => [r.row_number, r.reason, r.raw])).toEqual([
      [2, 'duplicate', { 'Phone Number': '(415) 555-0100', name: 'b', notes: 'y, z' }],
      [4, 'duplicate', { 'Phone Number': '415-555-0101', name: 'd', notes: '', _extra_columns: [''] }],
      [5, 'duplicate', { 'Phone Number': '4155550100', name: 'e', notes: 'tab\there' }],
    ]);

    const twice = await syncingCampaign(t, 'phone_number,name,name\n+14155550100,a,b\n+14155550100,c,d\n');
    await runSync(t, twice);
    expect((await rejectsOf(t, twice)).map((r) => r.raw)).toEqual([
      { phone_number: '+14155550100', name: 'd' },
    ]);
  });

  it('normalises with a country_code column (region or calling code) and keeps a valid timezone column', async () => {
    const csv = [
      'phone_number,country_code,timezone',
      '020 7183 8750,GB,Europe/London',
      '030 1234567,49,europe/berlin',
      '0151 12345678,XX,',
      '(415) 555-0123,,Not/AZone',
      '(415) 555-0124,,',
    ].join('\n');
    const id = await syncingCampaign(t, csv);
    await runSync(t, id);
    const contacts = await contactsOf(t, id);
    expect(contacts.map((c) => [c.phone_number, c.timezone])).toEqual([
      ['+442071838750', 'Europe/London'],
      ['+49301234567', 'Europe/Berlin'],
      ['+14155550124', null],
    ]);
    expect(contacts[0]!.initial_context).toEqual({ country_code: 'GB', timezone: 'Europe/London' });
    expect((await rejectsOf(t, id)).map((r) => r.reason)).toEqual([
      'invalid_country_code',
      'invalid_timezone',
    ]);
  });

  it('keeps a 1 MB cell', async () => {
    const big = 'x'.repeat(1024 * 1024);
    const id = await syncingCampaign(t, `phone_number,blob\n+14155550100,"${big}"\n+14155550101,small\n`);
    expect(await runSync(t, id)).toMatchObject({ validRows: 2 });
    const [first] = await contactsOf(t, id);
    expect((first!.initial_context as Record<string, string>).blob).toHaveLength(1024 * 1024);
  });

  it('rejects rows with bytes that are not UTF-8 as invalid_encoding, and the rest go on', async () => {
    const csv = Buffer.concat([
      Buffer.from('phone_number,name\n+14155550100,Jos'),
      Buffer.from([0xe9, 0x0a]),
      Buffer.from('+14155550101,Ren\u00e9e\n+14155550102,nul\u0000byte\n'),
    ]);
    const id = await syncingCampaign(t, csv);
    expect(await runSync(t, id)).toMatchObject({ validRows: 1, invalidRows: 2 });
    expect((await contactsOf(t, id))[0]!.initial_context).toEqual({ name: 'Ren\u00e9e' });
    const rejects = await rejectsOf(t, id);
    expect(rejects.map((r) => [r.row_number, r.reason])).toEqual([
      [1, 'invalid_encoding'],
      [3, 'invalid_encoding'],
    ]);
    expect(rejects[0]!.raw).toEqual({ phone_number: '+14155550100', name: 'Jos\uFFFD' });
  });

  it('rejects a row with more non-empty cells than the header has columns', async () => {
    const id = await syncingCampaign(t, 'phone_number,name\n+14155550100,a,,\n+14155550101,b,surprise\n');
    expect(await runSync(t, id)).toMatchObject({ validRows: 1, invalidRows: 1 });
    expect(await rejectsOf(t, id)).toMatchObject([
      { reason: 'too_many_columns', raw: { name: 'b', _extra_columns: ['surprise'] } },
    ]);
  });

  it('completes a campaign whose file has a header and no rows', async () => {
    const id = await syncingCampaign(t, 'phone_number,name\r\n');
    expect(await runSync(t, id)).toEqual({
      outcome: 'completed',
      totalRows: 0,
      validRows: 0,
      invalidRows: 0,
      duplicateRows: 0,
    });
    const campaign = await campaignRow(t, id);
    expect(campaign.state).toBe('completed');
    const logs = await logsOf(t, id);
    expect(logs.map((l) => l.event)).toEqual(['sync_started', 'sync_completed', 'completed']);
    // Completed in the transaction that logged it.
    expect(campaign.completed_at).toEqual(logs[2]!.ts);
  });

  it.each([
    ['no phone_number column', 'name,phone\nAda,+14155550100\n', /no phone_number column/],
    ['an empty file', '', /empty/],
  ])('fails the campaign for %s, non-retryably', async (_label, csv, message) => {
    const id = await syncingCampaign(t, csv);
    const failure = await runSync(t, id).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApplicationFailure);
    expect(failure).toMatchObject({ type: 'SourceInvalid', nonRetryable: true });
    expect((failure as Error).message).toMatch(message);
    const campaign = await campaignRow(t, id);
    expect(campaign.state).toBe('failed');
    const entry = (await logsOf(t, id)).find((l) => l.event === 'source_sync_failed')!;
    expect(entry).toMatchObject({ level: 'error' });
    expect(entry.message).toMatch(message);
    // A retry of the activity after the failure was stored reports it without touching anything.
    expect(await runSync(t, id)).toMatchObject({ outcome: 'failed' });
  });

  it('fails the campaign when the source object is gone', async () => {
    const id = await syncingCampaign(t, 'phone_number\n+14155550100\n');
    await t.ctx.db
      .updateTable('campaigns')
      .set({ source_id: 'campaigns/0/missing.csv' })
      .where('id', '=', id)
      .execute();
    await expect(runSync(t, id)).rejects.toMatchObject({ type: 'SourceInvalid' });
    expect((await campaignRow(t, id)).state).toBe('failed');
  });

  it('leaves a campaign paused during the import paused, to resume into running', async () => {
    const id = await syncingCampaign(t, 'phone_number\n+14155550100\n', 'paused');
    expect(await runSync(t, id)).toMatchObject({ outcome: 'running', validRows: 1 });
    expect(await campaignRow(t, id)).toMatchObject({
      state: 'paused',
      resume_state: 'running',
      total_rows: 1,
    });
  });
});
