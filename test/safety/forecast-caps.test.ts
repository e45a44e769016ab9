import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkFrequencyCaps } from '../../db/repositories/frequency-caps';
import { numberClaims } from '../../db/repositories/forecast';
import { capFreeAt, capLookbackMs } from '../../domain/forecast-caps';
import { createTestApp, type TestApp } from '../helpers/context';
import { createTestOrganization } from '../helpers/organizations';

/**
 * The forecast's reading of the frequency caps (a pure function over claim instants, for attempts that do not exist
 * yet) against the claim's own check in the database: for the same claims and caps both must give the same instant.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const HOUR = 3600_000;

describe('the frequency caps, read by the forecast and by the claim', () => {
  it('free a number at the same instant', async () => {
    const { organizationId } = await createTestOrganization(t.ctx.db);
    const number = '+12125550188';
    const nowMs = Date.now();
    // Claims 1 h, 5 h, 30 h and 100 h ago, all finished.
    for (const hoursAgo of [1, 5, 30, 100]) {
      await t.ctx.db
        .insertInto('attempts')
        .values({
          organization_id: organizationId,
          attempt_number: 1,
          state: 'finished',
          outcome: 'busy',
          phone_number: number,
          placing_at: new Date(nowMs - hoursAgo * HOUR),
          finished_at: new Date(nowMs - hoursAgo * HOUR + 1000),
        })
        .execute();
    }
    const settings = [
      { per_24h: 1, per_7d: null },
      { per_24h: 2, per_7d: null },
      { per_24h: 3, per_7d: null },
      { per_24h: null, per_7d: 3 },
      { per_24h: null, per_7d: 4 },
      { per_24h: null, per_7d: 5 },
      { per_24h: 3, per_7d: 3 },
    ];
    const answers = [];
    for (const caps of settings) {
      const claims = await numberClaims(
        t.ctx.db,
        organizationId,
        [number],
        new Date(nowMs - capLookbackMs(caps)),
      );
      const forecast = capFreeAt(caps, claims.get(number) ?? [], nowMs);
      const claim = await t.ctx.db
        .transaction()
        .execute((trx) =>
          checkFrequencyCaps(trx, { organizationId, phoneNumber: number, attemptId: 0, caps, nowMs }),
        );
      expect(forecast, JSON.stringify(caps)).toBe(claim.allowed ? nowMs : claim.nextAllowedMs);
      answers.push((forecast - nowMs) / HOUR);
    }
    // The instants themselves, worked out by hand: the cap-th newest claim in the period, plus the period.
    expect(answers).toEqual([23, 19, 0, 138, 68, 0, 138]);
  });
});
