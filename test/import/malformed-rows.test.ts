import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/context';
import { campaignRow, contactsOf, logsOf, rejectsOf, runSync, syncingCampaign } from './sync-helpers';

describe('importing a CSV with records that are not valid CSV', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('sets each bad record aside under its real row and line, and keeps every row after it', async () => {
    const csv = [
      'phone_number,name', //                 line 1
      '+14155550100,Ada', //                  line 2, row 1
      '+14155550101,Jo"hn', //                line 3, row 2: a quote inside an unquoted cell
      '+14155550102,"Grace', //               line 4, row 3: a quote that the next quote does not close
      '+14155550103,Linus', //                line 5, row 4
      '', //                                  line 6, blank
      '+14155550104,"two', //                 line 7, row 5: a quoted cell over two lines
      'lines"', //                            line 8
      '+14155550105,"never closed', //        line 9, row 6: a quote open until the end of the file
      '+14155550106,Barbara', //              line 10, row 7
    ].join('\n');
    const id = await syncingCampaign(t, csv);
    expect(await runSync(t, id, { batchSize: 2 })).toEqual({
      outcome: 'running',
      totalRows: 7,
      validRows: 4,
      invalidRows: 3,
      duplicateRows: 0,
    });
    expect((await contactsOf(t, id)).map((c) => [c.row_number, c.phone_number, c.initial_context])).toEqual([
      [1, '+14155550100', { name: 'Ada' }],
      [4, '+14155550103', { name: 'Linus' }],
      [5, '+14155550104', { name: 'two\nlines' }],
      [7, '+14155550106', { name: 'Barbara' }],
    ]);
    expect((await rejectsOf(t, id)).map((r) => [r.row_number, r.reason, r.raw])).toEqual([
      [2, 'malformed_csv', { _line: 3, _csv_error: 'INVALID_OPENING_QUOTE' }],
      [3, 'malformed_csv', { _line: 4, _csv_error: 'CSV_INVALID_CLOSING_QUOTE' }],
      [6, 'malformed_csv', { _line: 9, _csv_error: 'CSV_QUOTE_NOT_CLOSED' }],
    ]);
    expect(await campaignRow(t, id)).toMatchObject({ state: 'running', total_rows: 4, invalid_rows: 3 });
  });

  it('sets aside an unclosed quote on the last line, without a final newline', async () => {
    const id = await syncingCampaign(t, 'phone_number,name\n+14155550100,Ada\n+14155550101,"open');
    expect(await runSync(t, id)).toMatchObject({ validRows: 1, invalidRows: 1 });
    expect((await rejectsOf(t, id)).map((r) => [r.row_number, r.raw])).toEqual([
      [2, { _line: 3, _csv_error: 'CSV_QUOTE_NOT_CLOSED' }],
    ]);
  });

  it.each([
    ['CR', '\r'],
    ['CRLF', '\r\n'],
  ])('reads on after an unclosed quote in a file whose lines end in %s', async (_label, end) => {
    const lines = ['phone_number,name', '+14155550100,Ada', '+14155550101,"open', '', '+14155550102,Grace'];
    const id = await syncingCampaign(t, lines.join(end) + end);
    expect(await runSync(t, id)).toMatchObject({ validRows: 2, invalidRows: 1 });
    expect((await contactsOf(t, id)).map((c) => [c.row_number, c.phone_number])).toEqual([
      [1, '+14155550100'],
      [3, '+14155550102'],
    ]);
    expect((await rejectsOf(t, id)).map((r) => [r.row_number, r.raw])).toEqual([
      [2, { _line: 3, _csv_error: 'CSV_QUOTE_NOT_CLOSED' }],
    ]);
  });

  it('fails the campaign when the header row itself is not valid CSV, naming its line', async () => {
    const id = await syncingCampaign(t, 'phone_number,"name\n+14155550100,Ada\n');
    await expect(runSync(t, id)).rejects.toMatchObject({ type: 'SourceInvalid', nonRetryable: true });
    expect((await campaignRow(t, id)).state).toBe('failed');
    const entry = (await logsOf(t, id)).find((l) => l.event === 'source_sync_failed')!;
    expect(entry.message).toBe(
      'The contact source could not be imported: the header row is not valid CSV (CSV_QUOTE_NOT_CLOSED at line 1)',
    );
    expect(entry.details).toMatchObject({ reason: 'malformed_header', line: 1 });
  });

  it('keeps a row with a real U+FFFD character; only bytes that are not UTF-8 make a row invalid', async () => {
    const csv = Buffer.concat([
      Buffer.from('phone_number,name\n+14155550100,Caf\uFFFD \u00e9t\u00e9\n+14155550101,Jos'),
      Buffer.from([0xe9, 0x0a]),
      Buffer.from('+14155550102,\uFFFD\n'),
    ]);
    const id = await syncingCampaign(t, csv);
    expect(await runSync(t, id)).toMatchObject({ validRows: 2, invalidRows: 1 });
    expect((await contactsOf(t, id)).map((c) => [c.row_number, c.initial_context])).toEqual([
      [1, { name: 'Caf\uFFFD \u00e9t\u00e9' }],
      [3, { name: '\uFFFD' }],
    ]);
    expect((await rejectsOf(t, id)).map((r) => [r.row_number, r.reason, r.raw])).toEqual([
      [2, 'invalid_encoding', { phone_number: '+14155550101', name: 'Jos\uFFFD' }],
    ]);
  });
});
