import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactSourceKey } from '../../storage/contact-sources';
import { createTestApp, type TestApp } from '../helpers/context';
import { createTestOrganization, type TestOrganization } from '../helpers/organizations';

/** `/organizations/do-not-call`: list, add, remove, import and export, per organization, against real Postgres and S3. */

let t: TestApp;
let org: TestOrganization;
const URL = '/api/v1/organizations/do-not-call';

beforeAll(async () => {
  t = await createTestApp();
  org = await createTestOrganization(t.ctx.db);
});
afterAll(async () => t?.close());

const add = (payload: unknown, headers: Record<string, string> = org.headers) =>
  t.app.inject({ method: 'POST', url: URL, headers, payload: payload as Record<string, unknown> });
const list = (query = '', headers: Record<string, string> = org.headers) =>
  t.app.inject({ method: 'GET', url: `${URL}${query}`, headers });
const remove = (path: string, headers: Record<string, string> = org.headers) =>
  t.app.inject({ method: 'DELETE', url: `${URL}/${path}`, headers });
const importFile = (payload: unknown, headers: Record<string, string> = org.headers) =>
  t.app.inject({
    method: 'POST',
    url: `${URL}/import`,
    headers,
    payload: payload as Record<string, unknown>,
  });

async function upload(organizationId: number, csv: string): Promise<string> {
  const key = contactSourceKey(organizationId, 'do-not-call.csv');
  await t.ctx.storage.putObject({ key, body: csv, contentType: 'text/csv' });
  return key;
}

async function apiKeyIdOf(o: TestOrganization): Promise<number> {
  const row = await t.ctx.db
    .selectFrom('api_keys')
    .select('id')
    .where('organization_id', '=', o.organizationId)
    .executeTakeFirstOrThrow();
  return row.id;
}

describe('adding numbers to the do-not-call list', () => {
  it('parses numbers as contact numbers are, reports invalid ones and lists each number once', async () => {
    const first = await add({
      numbers: ['+1 212-555-0100', '(212) 555-0101', '12345', '   ', '+12125550100'],
      reason: 'asked not to be called',
    });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({
      added: ['+12125550100', '+12125550101'],
      already_listed: ['+12125550100'],
      invalid: [
        { number: '12345', error: 'invalid_phone_number' },
        { number: '   ', error: 'missing_phone_number' },
      ],
    });
    const again = await add({ numbers: ['212.555.0101', '+12125550102'] });
    expect(again.json()).toEqual({ added: ['+12125550102'], already_listed: ['+12125550101'], invalid: [] });

    const page = await list();
    expect(page.statusCode).toBe(200);
    const body = page.json();
    expect(body).toMatchObject({ total_count: 3, page: 1, limit: 50 });
    const keyId = await apiKeyIdOf(org);
    // Newest first; a number added again keeps its first reason.
    expect(body.entries.map((e: { number: string }) => e.number)).toEqual([
      '+12125550102',
      '+12125550101',
      '+12125550100',
    ]);
    expect(body.entries[1]).toMatchObject({
      number: '+12125550101',
      reason: 'asked not to be called',
      source: 'api',
      run_id: null,
      added_by: `api_key:${keyId}`,
    });
    expect(Date.parse(body.entries[1].created_at)).not.toBeNaN();
  });

  it('pages and searches by digits the number contains', async () => {
    const o = await createTestOrganization(t.ctx.db);
    const numbers = Array.from({ length: 7 }, (_, i) => `+1646555${String(1000 + i)}`);
    expect((await add({ numbers }, o.headers)).statusCode).toBe(201);
    const second = (await list('?page=2&limit=3', o.headers)).json();
    expect(second).toMatchObject({ total_count: 7, page: 2, limit: 3 });
    expect(second.entries.map((e: { number: string }) => e.number)).toEqual([
      numbers[3],
      numbers[2],
      numbers[1],
    ]);
    const found = (await list(`?search=${encodeURIComponent('555-1005')}`, o.headers)).json();
    expect(found.total_count).toBe(1);
    expect(found.entries[0].number).toBe(numbers[5]);
    expect((await list('?search=%2B1646', o.headers)).json().total_count).toBe(7);
    expect((await list('?search=9999999', o.headers)).json()).toMatchObject({ total_count: 0, entries: [] });
  });

  it('refuses bad input with 422 and nothing listed', async () => {
    const o = await createTestOrganization(t.ctx.db);
    const tooMany = Array.from({ length: 1001 }, (_, i) => `+1646555${String(i).padStart(4, '0')}`);
    for (const payload of [
      { numbers: tooMany },
      { numbers: [] },
      { numbers: '+12125550100' },
      { numbers: [12125550100] },
      { numbers: ['+12125550100'], reason: 'x'.repeat(501) },
      { numbers: ['+1212555\u00000100'] },
      { numbers: ['1'.repeat(65)] },
      {},
    ]) {
      const response = await add(payload, o.headers);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(422);
      expect(Array.isArray(response.json().detail)).toBe(true);
    }
    for (const query of [
      '?limit=101',
      '?limit=0',
      '?page=0',
      '?page=1e30',
      '?search=abc',
      `?search=${'1'.repeat(33)}`,
    ]) {
      const response = await list(query, o.headers);
      expect(response.statusCode, query).toBe(422);
    }
    expect((await list('', o.headers)).json().total_count).toBe(0);
  });
});

describe('removing a number', () => {
  it("is 204 once, then 404; another organization's number is 404 and stays listed", async () => {
    const a = await createTestOrganization(t.ctx.db);
    const b = await createTestOrganization(t.ctx.db);
    await add({ numbers: ['+12125550200', '+12125550201'] }, a.headers);
    expect((await remove('%2B12125550200', a.headers)).statusCode).toBe(204);
    const again = await remove('%2B12125550200', a.headers);
    expect(again.statusCode).toBe(404);
    expect(again.json().detail).toBe('do_not_call_entry_not_found');
    // A national spelling names the same number.
    expect((await remove(encodeURIComponent('(212) 555-0201'), b.headers)).statusCode).toBe(404);
    expect((await list('', a.headers)).json().total_count).toBe(1);
    expect((await list('', b.headers)).json().total_count).toBe(0);
    expect((await remove(encodeURIComponent('(212) 555-0201'), a.headers)).statusCode).toBe(204);
    for (const path of ['not-a-number', '%00', '1'.repeat(65)])
      expect([404, 422]).toContain((await remove(path, a.headers)).statusCode);
  });
});

describe('scopes and credentials', () => {
  it('lets a read-only key read and export, not add, import or remove', async () => {
    const reader = await createTestOrganization(t.ctx.db, { scopes: ['read'] });
    expect((await list('', reader.headers)).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: `${URL}/export`, headers: reader.headers })).statusCode,
    ).toBe(200);
    expect((await add({ numbers: ['+12125550300'] }, reader.headers)).statusCode).toBe(403);
    expect((await remove('%2B12125550300', reader.headers)).statusCode).toBe(403);
    const key = await upload(reader.organizationId, 'number\n+12125550300\n');
    expect((await importFile({ file_key: key }, reader.headers)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: URL })).statusCode).toBe(401);
  });
});

describe('importing a CSV', () => {
  it('counts added, already listed and invalid rows, reading the number column and reasons', async () => {
    const o = await createTestOrganization(t.ctx.db);
    await add({ numbers: ['+12125550400'] }, o.headers);
    const key = await upload(
      o.organizationId,
      [
        'Name, Phone Number ,Reason',
        'Ann,+12125550400,already there',
        'Bob,(212) 555-0401,lawyer letter',
        'Cy,not a number,',
        'Di,212-555-0401,twice in the file',
        "Ed,'+12125550402,'=formula",
        'Fay,,',
        'Gus,+12125550403,',
      ].join('\r\n'),
    );
    const response = await importFile({ file_key: key, reason: 'bulk' }, o.headers);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      added: 3,
      already_listed: 2,
      invalid: 2,
      invalid_rows: [
        { row: 4, number: 'not a number', error: 'invalid_phone_number' },
        { row: 7, number: '', error: 'missing_phone_number' },
      ],
    });
    const entries = (await list('', o.headers)).json().entries as Array<Record<string, unknown>>;
    const byNumber = new Map(entries.map((e) => [e.number, e]));
    expect(byNumber.get('+12125550401')).toMatchObject({ reason: 'lawyer letter', source: 'import' });
    expect(byNumber.get('+12125550402')).toMatchObject({ reason: '=formula', source: 'import' });
    expect(byNumber.get('+12125550403')).toMatchObject({ reason: 'bulk', source: 'import' });
    expect(byNumber.get('+12125550400')).toMatchObject({ source: 'api' });
  });

  it('reads a headerless file from its first column', async () => {
    const o = await createTestOrganization(t.ctx.db);
    const key = await upload(o.organizationId, '+12125550500,x\n2125550501,y\n');
    expect((await importFile({ file_key: key }, o.headers)).json()).toMatchObject({
      added: 2,
      already_listed: 0,
      invalid: 0,
    });
  });

  it("is 404 source_not_found for another organization's file, a missing file or a foreign key shape", async () => {
    const a = await createTestOrganization(t.ctx.db);
    const b = await createTestOrganization(t.ctx.db);
    const theirs = await upload(b.organizationId, 'number\n+12125550600\n');
    const missing = contactSourceKey(a.organizationId, 'never-uploaded.csv');
    for (const fileKey of [theirs, missing, '../../etc/passwd', `campaigns/${a.organizationId}/x/y.csv`]) {
      const response = await importFile({ file_key: fileKey }, a.headers);
      expect(response.statusCode, fileKey).toBe(404);
      expect(response.json().detail).toBe('source_not_found');
    }
    expect((await importFile({ file_key: 7 }, a.headers)).statusCode).toBe(422);
    expect((await list('', a.headers)).json().total_count).toBe(0);
  });
});

describe('exporting the list', () => {
  it('streams CSV whose cells cannot run as spreadsheet formulas, and imports back to the same list', async () => {
    const o = await createTestOrganization(t.ctx.db);
    await add({ numbers: ['+12125550700'], reason: '=HYPERLINK("http://x","click")' }, o.headers);
    await add({ numbers: ['+12125550701'], reason: '@SUM(A1), -1, plain' }, o.headers);
    await add({ numbers: ['+12125550702'] }, o.headers);
    const response = await t.app.inject({ method: 'GET', url: `${URL}/export`, headers: o.headers });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toContain('attachment');
    const lines = response.body.split('\r\n');
    expect(lines[0]).toBe('number,reason,source,run_id,created_at');
    expect(lines[1]).toMatch(/^'\+12125550700,"'=HYPERLINK\(""http:\/\/x"",""click""\)",api,,\d{4}-/);
    expect(lines[2]).toMatch(/^'\+12125550701,"'@SUM\(A1\), -1, plain",api,,/);
    expect(lines[3]).toMatch(/^'\+12125550702,,api,,/);
    expect(lines[4]).toBe('');
    // No cell of the file starts with a formula character.
    for (const line of lines.slice(1, 4))
      for (const cell of line.split(',')) expect(cell.replace(/^"/, '')).not.toMatch(/^[=+\-@]/);

    const copy = await createTestOrganization(t.ctx.db);
    const key = await upload(copy.organizationId, response.body);
    expect((await importFile({ file_key: key }, copy.headers)).json()).toMatchObject({
      added: 3,
      invalid: 0,
    });
    const copied = (await list('', copy.headers)).json().entries as Array<{ number: string; reason: string }>;
    expect(copied.map((e) => [e.number, e.reason]).sort()).toEqual([
      ['+12125550700', '=HYPERLINK("http://x","click")'],
      ['+12125550701', '@SUM(A1), -1, plain'],
      ['+12125550702', null],
    ]);
  });

  it('exports a list larger than one read batch, in the order it was built', async () => {
    const o = await createTestOrganization(t.ctx.db);
    const numbers = Array.from({ length: 4500 }, (_, i) => `+1347555${String(i).padStart(4, '0')}`);
    for (let i = 0; i < numbers.length; i += 1000)
      expect((await add({ numbers: numbers.slice(i, i + 1000) }, o.headers)).statusCode).toBe(201);
    const response = await t.app.inject({ method: 'GET', url: `${URL}/export`, headers: o.headers });
    const rows = response.body.trimEnd().split('\r\n').slice(1);
    expect(rows.map((row) => row.split(',')[0])).toEqual(numbers.map((n) => `'${n}`));
  });
});

describe('the OpenAPI document', () => {
  it('describes every do-not-call route, the export as text/csv', async () => {
    const spec = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    const paths = spec.paths as Record<string, Record<string, { responses: Record<string, unknown> }>>;
    expect(Object.keys(paths[URL] ?? paths[`${URL}/`] ?? {}).sort()).toEqual(['get', 'post']);
    expect(Object.keys(paths[`${URL}/{number}`] ?? {})).toEqual(['delete']);
    expect(Object.keys(paths[`${URL}/import`] ?? {})).toEqual(['post']);
    expect(paths[`${URL}/export`]?.get?.responses['200']).toMatchObject({ content: { 'text/csv': {} } });
  });
});
