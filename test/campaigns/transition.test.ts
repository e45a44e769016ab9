import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transitionCampaign } from '../../db/repositories/campaign-transition';
import { NEXT_STATES, type CampaignState } from '../../domain/campaign-transitions';
import { createTestApp, type TestApp } from '../helpers/context';
import { insertAgent, insertCampaign, insertSimulatorConfiguration } from '../helpers/fixtures';
import { createTestOrganization } from '../helpers/organizations';

/**
 * The one writer of a campaign's state: a move the transition table does not list is refused before anything is
 * written; a move from a state the row is not in changes nothing and logs nothing; a move that happens writes its log
 * entries in its own transaction, and a rollback takes both back.
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

async function campaignIn(state: CampaignState, resumeState: CampaignState | null = null): Promise<number> {
  const { organizationId } = await createTestOrganization(t.ctx.db);
  const { agentId } = await insertAgent(t.ctx.db, organizationId);
  const configurationId = await insertSimulatorConfiguration(t.ctx.db, organizationId);
  const id = await insertCampaign(t.ctx.db, { organizationId, agentId, configurationId });
  await t.ctx.db
    .updateTable('campaigns')
    .set({ state, resume_state: resumeState })
    .where('id', '=', id)
    .execute();
  return id;
}

const rowOf = (id: number) =>
  t.ctx.db
    .selectFrom('campaigns')
    .select(['state', 'resume_state'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

const eventsOf = async (id: number) =>
  (
    await t.ctx.db
      .selectFrom('campaign_logs')
      .select(['event', 'details'])
      .where('campaign_id', '=', id)
      .orderBy('id')
      .execute()
  ).map((entry) => [entry.event, entry.details]);

const entry = (event: string) => () => ({ event, message: `${event}.` });

describe('transitionCampaign', () => {
  it('refuses every move the transition table does not list, writing nothing', async () => {
    const id = await campaignIn('completed');
    const states = Object.keys(NEXT_STATES) as CampaignState[];
    const unlisted = states.flatMap((from) =>
      states.filter((to) => !NEXT_STATES[from].includes(to)).map((to) => [from, to] as const),
    );
    // completed and failed go nowhere (6 + 6), created only to syncing (5), running not to itself, created or syncing
    // (3), syncing not to itself (1); paused lists all six.
    expect(unlisted).toHaveLength(21);
    for (const [from, to] of unlisted) {
      await expect(
        transitionCampaign(t.ctx.db, {
          campaigns: { campaignId: id },
          from: [from],
          to,
          log: entry('moved'),
        }),
      ).rejects.toThrow(`a campaign in ${from} cannot move to ${to}`);
    }
    expect(await rowOf(id)).toEqual({ state: 'completed', resume_state: null });
    expect(await eventsOf(id)).toEqual([]);
  });

  it('changes nothing and logs nothing when the row is not in a state the move starts from', async () => {
    const id = await campaignIn('paused', 'running');
    const moved = await transitionCampaign(t.ctx.db, {
      campaigns: { campaignId: id },
      from: [{ pausedFrom: 'syncing' }],
      to: 'failed',
      log: entry('failed'),
    });
    expect(moved).toEqual([]);
    expect(await rowOf(id)).toEqual({ state: 'paused', resume_state: 'running' });
    expect(await eventsOf(id)).toEqual([]);
  });

  it('remembers the state a pause left and resumes into it, each with its entries', async () => {
    const id = await campaignIn('syncing');
    const [paused] = await transitionCampaign(t.ctx.db, {
      campaigns: { campaignId: id },
      from: ['running', 'syncing'],
      to: 'paused',
      rememberFrom: true,
      log: (row) => ({ event: 'paused', message: 'Paused.', details: { from_state: row.resume_state } }),
    });
    expect(paused).toEqual({ id, state: 'paused', resume_state: 'syncing', logIds: [expect.any(Number)] });
    const [resumed] = await transitionCampaign(t.ctx.db, {
      campaigns: { campaignId: id },
      from: ['paused'],
      to: 'resume_state',
      set: { resume_state: null },
      log: (row) => [
        { event: 'resumed', message: 'Resumed.', details: { to_state: row.state } },
        { event: 'noted', message: 'A second entry of the same move.' },
      ],
    });
    expect(resumed).toEqual({
      id,
      state: 'syncing',
      resume_state: null,
      logIds: [expect.any(Number), expect.any(Number)],
    });
    expect(await eventsOf(id)).toEqual([
      ['paused', { from_state: 'syncing' }],
      ['resumed', { to_state: 'syncing' }],
      ['noted', {}],
    ]);
  });

  it("moves and logs inside the caller's transaction: a rollback takes back the state and the entry", async () => {
    const id = await campaignIn('running');
    await expect(
      t.ctx.db.transaction().execute(async (trx) => {
        const moved = await transitionCampaign(trx, {
          campaigns: { campaignId: id },
          from: ['running'],
          to: 'completed',
          log: entry('completed'),
        });
        expect(moved.map((row) => row.state)).toEqual(['completed']);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await rowOf(id)).toEqual({ state: 'running', resume_state: null });
    expect(await eventsOf(id)).toEqual([]);
  });
});
