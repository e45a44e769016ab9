import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DASHBOARD_API_TYPES } from '../../api/dashboard-api-types';
import { renderApiTypes } from '../../api/openapi-types';
import { createTestApp, type TestApp } from '../helpers/context';

describe("the dashboard's API types", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('are current with the OpenAPI document (run `npm run dashboard:api-types` after changing a route)', async () => {
    const committed = await readFile(DASHBOARD_API_TYPES, 'utf8');
    expect(committed === (await renderApiTypes(t.app.swagger()))).toBe(true);
  });
});
