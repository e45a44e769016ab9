import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { campaignMoveEvents, newWebhookEventId, WEBHOOK_EVENT_TYPES } from '../../domain/webhook-events';

const move = (overrides: Partial<Parameters<typeof campaignMoveEvents>[0]>) => ({
  id: 7,
  name: 'Renewals',
  workflow_id: 3,
  state: 'paused',
  to: 'paused',
  pause: true,
  logs: [],
  ...overrides,
});

describe('the event catalogue', () => {
  it('documents every type in docs/events.md', () => {
    const docs = readFileSync(new URL('../../docs/events.md', import.meta.url), 'utf8');
    for (const type of WEBHOOK_EVENT_TYPES) expect(docs, type).toContain(`| \`${type}\` |`);
  });

  it('makes ids that are unique and sort by creation time', () => {
    const ids = [
      newWebhookEventId(1_700_000_000_000),
      newWebhookEventId(1_700_000_000_001),
      newWebhookEventId(1_800_000_000_000),
    ];
    expect(ids.every((id) => /^evt_[0-9a-f]{12}7[0-9a-f]{3}[89ab][0-9a-f]{15}$/.test(id))).toBe(true);
    expect([...ids].sort()).toEqual(ids);
    expect(ids[0]!.slice(4, 16)).toBe((1_700_000_000_000).toString(16).padStart(12, '0'));
    const many = new Set(Array.from({ length: 1000 }, () => newWebhookEventId(1_700_000_000_000)));
    expect(many.size).toBe(1000);
  });

  it.each([
    ['a start', { to: 'syncing', state: 'syncing', pause: false }, ['campaign.started']],
    ['a resume', { to: 'resume_state', state: 'running', pause: false }, ['campaign.resumed']],
    ['a completion', { to: 'completed', state: 'completed', pause: false }, ['campaign.completed']],
    ['a failure', { to: 'failed', state: 'failed', pause: false }, ['campaign.failed']],
    [
      'an operator pause',
      { logs: [{ event: 'paused', details: { reason: 'operator' } }] },
      ['campaign.paused'],
    ],
    [
      'a breaker trip',
      { logs: [{ event: 'circuit_breaker_tripped', details: { recent_failures: 3, recent_calls: 4 } }] },
      ['campaign.circuit_breaker_tripped', 'campaign.paused'],
    ],
    ['the import ending (syncing → running)', { to: 'running', state: 'running', pause: false }, []],
    ['the import ending during a pause', { to: 'paused', pause: false }, []],
    ['an undone start', { to: 'created', state: 'created', pause: false }, []],
  ])('sends for %s: %j', (_name, overrides, types) => {
    expect(campaignMoveEvents(move(overrides)).map((event) => event.type)).toEqual(types);
  });

  it('takes the reason from the move’s own entry, not an earlier one', () => {
    const [failed] = campaignMoveEvents(
      move({
        to: 'failed',
        state: 'failed',
        pause: false,
        logs: [
          { event: 'source_sync_failed', details: { reason: 'the S3 said no' } },
          { event: 'failed', details: { reason: 'source_sync_failed' } },
        ],
      }),
    );
    expect(failed!.data).toEqual({
      campaign_id: 7,
      name: 'Renewals',
      workflow_id: 3,
      state: 'failed',
      reason: 'source_sync_failed',
    });
  });
});
