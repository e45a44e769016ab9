import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEngineHarness, type EngineHarness } from '../engine/engine-harness';
import { closedLegalBand } from '../helpers/callee-time';
import { attemptOfRun, completedRun, initiateCall, simulatorWithNumber } from '../one-off/one-off-world';

/**
 * A one-off call accepted inside legal hours whose claim comes after they closed (here: the rules changed while no
 * worker ran) is not dialed: the claim checks the rules again and the call ends `canceled`, saying why and when it
 * would have been allowed. The hours exclude the present in New York whatever the time of day.
 */

let h: EngineHarness;

beforeAll(async () => {
  h = await startEngineHarness();
});
afterAll(async () => h?.close());

describe('a one-off call whose claim falls outside legal hours', () => {
  it('is canceled at the claim with outside_legal_hours and next_allowed_at, never dialed', async () => {
    const number = '+12125550177';
    const config = await simulatorWithNumber(h.ctx.db, h.org.organizationId, { address: '+12125551077' });
    const response = await initiateCall(h, {
      workflow_id: h.agentId,
      phone_number: number,
      telephony_configuration_id: config.configurationId,
    });
    expect(response.statusCode).toBe(201);
    const run = response.json() as { id: number };

    const { start, end, opening } = closedLegalBand('America/New_York');
    const put = await h.app.inject({
      method: 'PUT',
      url: '/api/v1/organizations/calling-rules',
      headers: h.org.headers,
      payload: { legal_hours: { enabled: true, start, end } },
    });
    expect(put.statusCode).toBe(200);

    await h.startWorker();
    const stored = await completedRun(h, run.id);
    expect(stored.disposition).toBe('canceled');
    expect(stored.gathered_context).toMatchObject({
      error: 'outside_legal_hours',
      next_allowed_at: opening.toUTC().toISO(),
    });
    const attempt = await attemptOfRun(h, run.id);
    expect(attempt.placing_at).toBeNull();
    const calls = await h.ctx.db
      .selectFrom('simulator_calls')
      .select('id')
      .where('to_number', '=', number)
      // This test's configuration only: the suite's other files may dial the same number meanwhile.
      .where('telephony_configuration_id', '=', config.configurationId)
      .execute();
    expect(calls).toEqual([]);
  });
});
