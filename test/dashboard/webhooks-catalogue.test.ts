import { describe, expect, it } from 'vitest';
import { ALL_EVENTS as DASHBOARD_ALL, WEBHOOK_EVENTS } from '../../dashboard/src/pages/webhooks/event-types';
import { ALL_EVENTS, WEBHOOK_EVENT_TYPES } from '../../domain/webhook-events';

describe("the dashboard's webhook event choices", () => {
  it("are the service's catalogue, in its order, each explained", () => {
    expect(WEBHOOK_EVENTS.map(({ type }) => type)).toEqual([...WEBHOOK_EVENT_TYPES]);
    expect(DASHBOARD_ALL).toBe(ALL_EVENTS);
    for (const { type, about } of WEBHOOK_EVENTS) expect(about.trim(), type).not.toBe('');
  });
});
