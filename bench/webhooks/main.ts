import { cpus, loadavg } from 'node:os';
import { ensureWebhookDeliverer } from '../../client/webhook-deliveries';
import { createCredentialsCipher } from '../../config/credentials-cipher';
import { inTransaction } from '../../db/client';
import { recordEvent } from '../../db/repositories/webhook-outbox';
import { generateEndpointSecret, sealEndpointSecret } from '../../webhooks/endpoint-secrets';
import { createTestOrganization } from '../../test/helpers/organizations';
import { log, startBenchStack } from '../engine/stack';
import { startReceiverProcess } from './receiver-process';

/**
 * Webhook delivery benchmark (not a test): records events into the outbox at a steady rate for a while, each in its own
 * transaction (as a change point does), for 2 organizations with 2 endpoints each and 1–3 campaigns per organization
 * (a third of the events without one), delivered by a real worker process to a local receiver. Reports the achieved
 * recording rate and the delay from each event's commit to its first arrival at each endpoint (p50, p99, max).
 * Usage: npx tsx bench/webhooks/main.ts [--rate 200] [--seconds 60] [--drain-seconds 60]
 */
const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? Number(args[at + 1]) : fallback;
};
const RATE = option('rate', 200);
const SECONDS = option('seconds', 60);
const DRAIN_SECONDS = option('drain-seconds', 60);
/** Transactions in flight at most: a producer that falls behind shows as a lower achieved rate, not a pile-up. */
const MAX_IN_FLIGHT = 50;

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;

async function main(): Promise<void> {
  log(
    `load ${loadavg()
      .map((v) => v.toFixed(2))
      .join(' ')} on ${cpus().length} cores`,
  );
  const stack = await startBenchStack({ env: { ALLOWED_PRIVATE_DESTINATIONS: '127.0.0.1/32' } });
  const receiver = await startReceiverProcess();
  try {
    const { db } = stack.ctx;
    const cipher = createCredentialsCipher(stack.ctx.config);
    const organizations = [stack.org.organizationId, (await createTestOrganization(db)).organizationId];
    const campaignsOf = new Map([
      [organizations[0]!, [101, 102, 103]],
      [organizations[1]!, [201]],
    ]);
    const endpointsOf = new Map<number, number[]>();
    for (const organizationId of organizations) {
      for (let index = 0; index < 2; index += 1) {
        const { id } = await db
          .insertInto('webhook_endpoints')
          .values({
            organization_id: organizationId,
            url: 'http://placeholder.invalid/',
            events: ['*'],
            encrypted_secret: sealEndpointSecret(cipher, organizationId, generateEndpointSecret()),
            updated_at: new Date(),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await db
          .updateTable('webhook_endpoints')
          .set({ url: receiver.urlFor(id) })
          .where('id', '=', id)
          .execute();
        endpointsOf.set(organizationId, [...(endpointsOf.get(organizationId) ?? []), id]);
      }
    }
    await stack.startWorker();
    for (const ids of endpointsOf.values())
      for (const id of ids) await ensureWebhookDeliverer(stack.ctx.temporal, id);
    log(`worker polling; 4 endpoints; recording ${RATE} events/s for ${SECONDS} s`);

    const committed: Array<{
      eventId: string;
      organizationId: number;
      campaignId: number | null;
      at: number;
    }> = [];
    let inFlight = 0;
    let skipped = 0;
    const pending = new Set<Promise<void>>();
    const started = Date.now();
    const total = RATE * SECONDS;
    for (let index = 0; index < total; index += 1) {
      const due = started + (index * 1000) / RATE;
      const wait = due - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      if (inFlight >= MAX_IN_FLIGHT) {
        skipped += 1;
        continue;
      }
      const organizationId = organizations[index % 2]!;
      const campaigns = campaignsOf.get(organizationId)!;
      const campaignId = index % 3 === 0 ? null : campaigns[index % campaigns.length]!;
      inFlight += 1;
      const work = inTransaction(db, (trx) =>
        recordEvent(trx, {
          organizationId,
          type: 'run.completed',
          campaignId,
          data: { index, campaign_id: campaignId },
        }),
      ).then((eventId) => {
        // Resolved just after COMMIT returned: the delivery cannot have started before this instant.
        if (eventId) committed.push({ eventId, organizationId, campaignId, at: Date.now() });
      });
      const tracked = work.finally(() => {
        inFlight -= 1;
        pending.delete(tracked);
      });
      pending.add(tracked);
    }
    await Promise.all(pending);
    const recordingSeconds = (Date.now() - started) / 1000;
    const expected = committed.flatMap((event) =>
      endpointsOf.get(event.organizationId)!.map((endpointId) => ({ ...event, endpointId })),
    );
    log(
      `recorded ${committed.length} events in ${recordingSeconds.toFixed(1)} s; waiting for ${expected.length} deliveries`,
    );
    const drainUntil = Date.now() + DRAIN_SECONDS * 1000;
    // Every arrival is an expected delivery (each endpoint receives only its organization's events).
    while (Date.now() < drainUntil && (await receiver.distinct()) < expected.length)
      await new Promise((resolve) => setTimeout(resolve, 200));
    const received = await receiver.report();
    const delaysOf = (events: typeof expected) =>
      events
        .map((e) => {
          // A delivery that never arrived waits forever: it stays in the percentiles (printed `missing`).
          const arrival = received.arrivalOf(e.endpointId, e.eventId);
          return arrival === undefined ? Number.POSITIVE_INFINITY : arrival - e.at;
        })
        .sort((a, b) => a - b);
    const delays = delaysOf(expected);
    const missing = delays.filter((delay) => !Number.isFinite(delay)).length;
    // Where the delay is: the busiest campaign (alone in its organization: its deliveries go one at a time), the other
    // campaigns, and the events without one (sent in parallel).
    const groups = [
      ['campaign 201 (67 events/s)', expected.filter((e) => e.campaignId === 201)],
      ['campaigns 101–103', expected.filter((e) => e.campaignId !== null && e.campaignId !== 201)],
      ['no campaign', expected.filter((e) => e.campaignId === null)],
    ] as const;
    const { stats } = received;
    console.log(
      [
        '| measure | value |',
        '| --- | --- |',
        `| events asked / recorded (skipped: producer behind) | ${total} / ${committed.length} (${skipped}) |`,
        `| achieved recording rate | ${(committed.length / recordingSeconds).toFixed(1)} events/s over ${recordingSeconds.toFixed(1)} s |`,
        `| deliveries expected / arrived (missing) | ${expected.length} / ${expected.length - missing} (${missing}) |`,
        `| requests (duplicates) | ${stats.requests} (${stats.duplicates}) |`,
        `| commit → delivery p50 / p99 / max | ${spread(delays)} ms |`,
        ...groups.map(
          ([label, events]) => `| … ${label}: p50 / p99 / max | ${spread(delaysOf([...events]))} ms |`,
        ),
        `| load average at the end | ${loadavg()
          .map((v) => v.toFixed(2))
          .join(' ')} |`,
      ].join('\n'),
    );
    // Nothing fails in this run, so every event is delivered exactly once: a missing or a second delivery fails it.
    if (missing > 0 || stats.duplicates > 0) {
      log(`${missing} deliveries missing, ${stats.duplicates} duplicated: the run fails`);
      process.exitCode = 1;
    }
  } finally {
    await receiver.close();
    await stack.stop();
  }
}

const shown = (ms: number | undefined) => (ms === undefined || !Number.isFinite(ms) ? 'missing' : String(ms));
/** p50 / p99 / max of sorted delays, a missing delivery shown as `missing` where it lands. */
const spread = (sorted: number[]) =>
  `${shown(percentile(sorted, 0.5))} / ${shown(percentile(sorted, 0.99))} / ${shown(sorted.at(-1))}`;

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
