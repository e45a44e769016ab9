import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findDefaultOutboundConfiguration } from '../../db/repositories/telephony-configurations';
import { createTestApp, type TestApp } from '../helpers/context';
import { createTestOrganization, type TestOrganization } from '../helpers/organizations';
import { CONFIGS, createConfiguration } from './helpers';

/**
 * `POST /organizations/telephony-configs/{id}/set-default-outbound` (Dograh's UI client calls it): the configuration
 * becomes the organization's default for outbound calls, the previous default stops being one.
 */
describe('set-default-outbound', () => {
  let t: TestApp;
  let org: TestOrganization;
  let other: TestOrganization;
  beforeAll(async () => {
    t = await createTestApp();
    org = await createTestOrganization(t.ctx.db);
    other = await createTestOrganization(t.ctx.db);
  });
  afterAll(async () => {
    await t.close();
  });

  const setDefault = (id: number | string, headers = org.headers) =>
    t.app.inject({ method: 'POST', url: `${CONFIGS}/${id}/set-default-outbound`, headers });
  const defaultOf = async (organizationId: number) =>
    (await findDefaultOutboundConfiguration(t.ctx.db, organizationId))?.id;

  it('makes the configuration the default, clears the previous one and answers the configuration', async () => {
    const first = await createConfiguration(t.app, org.headers, { is_default_outbound: true });
    const second = await createConfiguration(t.app, org.headers);
    expect(await defaultOf(org.organizationId)).toBe(first.id);

    const response = await setDefault(second.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: second.id, name: second.name, is_default_outbound: true });
    expect(await defaultOf(org.organizationId)).toBe(second.id);
    const listed = (await t.app.inject({ method: 'GET', url: CONFIGS, headers: org.headers })).json();
    const flags = Object.fromEntries(
      listed.configurations.map((c: { id: number; is_default_outbound: boolean }) => [
        c.id,
        c.is_default_outbound,
      ]),
    );
    expect(flags).toMatchObject({ [first.id]: false, [second.id]: true });
  });

  it('is idempotent', async () => {
    const config = await createConfiguration(t.app, org.headers);
    expect((await setDefault(config.id)).statusCode).toBe(200);
    const again = await setDefault(config.id);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ id: config.id, is_default_outbound: true });
    expect(await defaultOf(org.organizationId)).toBe(config.id);
  });

  it("answers 404 for another organization's configuration and an absent one, changing nothing", async () => {
    const mine = await createConfiguration(t.app, org.headers);
    await setDefault(mine.id);
    const theirs = await createConfiguration(t.app, other.headers, { is_default_outbound: true });
    for (const response of [await setDefault(theirs.id), await setDefault(Number.MAX_SAFE_INTEGER)]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ detail: 'telephony_configuration_not_found' });
    }
    expect((await setDefault(mine.id, other.headers)).statusCode).toBe(404);
    expect(await defaultOf(org.organizationId)).toBe(mine.id);
    expect(await defaultOf(other.organizationId)).toBe(theirs.id);
  });

  it('answers 422 (never 500) to bad ids, huge numbers and NUL bytes', async () => {
    for (const id of ['abc', '0', '-1', '1.5', '99999999999999999999', '1e308', '%00', '1%00']) {
      const response = await setDefault(id);
      expect([400, 422]).toContain(response.statusCode);
    }
  });

  it('needs credentials', async () => {
    const config = await createConfiguration(t.app, org.headers);
    const response = await t.app.inject({
      method: 'POST',
      url: `${CONFIGS}/${config.id}/set-default-outbound`,
    });
    expect(response.statusCode).toBe(401);
  });
});
