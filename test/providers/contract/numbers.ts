/** The contract's numbers: binding one points the vendor at this service; calls to it are answered or refused. */
import { expect, it } from 'vitest';
import { insertAgent } from '../../helpers/fixtures';
import { CONFIGS } from '../../telephony/helpers';
import type { VendorContext, VendorFake, VendorUnderTest } from './vendor';

export function numberCases<B, F extends VendorFake<B>>(
  vendor: VendorUnderTest<B, F>,
  context: VendorContext<F>,
): void {
  it("points a bound number's calls at this service, and reports the vendor refusing an update", async () => {
    const { numberSync } = vendor;
    const { headers } = context.world.organization;
    const binding = { inbound_workflow_id: context.world.agentId };
    const created = await context.world.t.app.inject({
      method: 'POST',
      url: `${CONFIGS}/${context.configurationId}/phone-numbers`,
      headers,
      payload: { address: numberSync.address, ...(numberSync.bindOn === 'create' ? binding : {}) },
    });
    expect(created.statusCode).toBe(201);
    const numberUrl = `${CONFIGS}/${context.configurationId}/phone-numbers/${created.json().id}`;
    const bound =
      numberSync.bindOn === 'create'
        ? created
        : await context.world.t.app.inject({ method: 'PUT', url: numberUrl, headers, payload: binding });
    expect(bound.json()).toMatchObject({ inbound_workflow_id: context.world.agentId });
    expect(bound.json().provider_sync).toMatchObject({ ok: true });
    await numberSync.bound(context, bound.json().provider_sync);

    numberSync.refusal?.arrange(context.fake);
    const unbound = await context.world.t.app.inject({
      method: 'PUT',
      url: numberUrl,
      headers,
      payload: { clear_inbound_workflow: true },
    });
    if (numberSync.refusal) numberSync.refusal.restore(context.fake);
    expect(unbound.statusCode).toBe(200);
    expect(unbound.json().inbound_workflow_id).toBeNull();
    if (numberSync.refusal)
      expect(unbound.json().provider_sync).toEqual({ ok: false, message: numberSync.refusal.message });
    else expect(unbound.json().provider_sync).toMatchObject({ ok: true });
    const saved = await context.world.t.app.inject({ method: 'GET', url: numberUrl, headers });
    expect(saved.json().inbound_workflow_id).toBeNull();
    await numberSync.unbound?.(context);
  });

  const { inbound } = vendor;
  if (!inbound) return;
  it('answers a call to the number of an active agent with one run, and refuses the number of an archived one', async () => {
    const { world } = context;
    const db = world.t.ctx.db;
    const archived = await insertAgent(db, world.organizationId);
    for (const [address, agentId] of [
      [inbound.numbers.active, world.agentId],
      [inbound.numbers.archived, archived.agentId],
    ] as const) {
      const bound = await world.t.app.inject({
        method: 'POST',
        url: `${CONFIGS}/${context.configurationId}/phone-numbers`,
        headers: world.organization.headers,
        payload: { address, inbound_workflow_id: agentId },
      });
      expect(bound.json().provider_sync).toMatchObject({ ok: true });
    }
    await db.updateTable('agents').set({ status: 'archived' }).where('id', '=', archived.agentId).execute();
    const inboundRuns = () =>
      db
        .selectFrom('runs')
        .select(['id', 'workflow_id', 'mode', 'initial_context'])
        .where('organization_id', '=', world.organizationId)
        .where('call_type', '=', 'inbound')
        .execute();
    const before = new Set((await inboundRuns()).map((run) => run.id));

    expect(await inbound.call(context, inbound.numbers.active, '+14155550190')).toEqual(inbound.got.accepted);
    expect(await inbound.call(context, inbound.numbers.archived, '+14155550191')).toEqual(
      inbound.got.refused,
    );
    const runs = (await inboundRuns()).filter((run) => !before.has(run.id));
    expect(runs).toEqual([
      expect.objectContaining({
        workflow_id: world.agentId,
        mode: vendor.provider,
        initial_context: expect.objectContaining({
          caller_number: '+14155550190',
          called_number: inbound.numbers.active,
          telephony_configuration_id: context.configurationId,
        }),
      }),
    ]);
  });
}
