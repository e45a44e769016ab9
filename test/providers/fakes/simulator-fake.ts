/**
 * The simulator needs no fake: it is our own cloud, running in the test app, and a called number's last digit (or the
 * configuration's script) decides how its call ends. This wraps it in the contract's fake: `settled` waits until the
 * simulator has nothing more to send for the calls placed so far, and a final report can be sent twice.
 */
import { sql } from 'kysely';
import type { VendorFake } from '../contract/vendor';
import type { ProviderWorld } from '../provider-world';
import { sleep } from './http-fake';

export interface SimulatorBehaviour {
  /** After the simulator posted the call's final report, the same report is posted again. */
  finalSentTwice?: boolean;
}

export type SimulatorFake = VendorFake<SimulatorBehaviour>;

export function startSimulatorFake(world: ProviderWorld, token: string): SimulatorFake {
  const db = world.t.ctx.db;
  const behaviours = new Map<string, SimulatorBehaviour>();
  const sentTwice = new Set<string>();

  /** The calls placed so far, and whether each is due to end (a call still ringing or talking is not). */
  const calls = async () =>
    db
      .selectFrom('simulator_calls')
      .select(['call_sid', 'to_number', 'status_callback_url', 'callback_sent_at'])
      .select(sql<boolean>`ends_at <= now()`.as('due'))
      .where('to_number', 'in', [...behaviours.keys()])
      .execute();

  async function sendAgain(callSid: string, url: string): Promise<void> {
    const report = await fetch(`${world.baseUrl}/api/v1/simulator/calls/${callSid}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (!report.ok) throw new Error(`simulator lookup of ${callSid} answered ${report.status}`);
    const again = await fetch(url, {
      method: 'POST',
      body: await report.text(),
      headers: { 'content-type': 'application/json' },
    });
    if (!again.ok) throw new Error(`a second final report of ${callSid} answered ${again.status}`);
  }

  return {
    behave(to, behaviour) {
      behaviours.set(to, behaviour);
    },
    async settled() {
      if (behaviours.size === 0) return;
      const deadline = Date.now() + 5000;
      for (;;) {
        const due = (await calls()).filter((call) => call.due);
        if (due.every((call) => call.callback_sent_at !== null)) {
          for (const call of due) {
            if (!behaviours.get(call.to_number)?.finalSentTwice || sentTwice.has(call.call_sid)) continue;
            sentTwice.add(call.call_sid);
            await sendAgain(call.call_sid, call.status_callback_url!);
          }
          return;
        }
        if (Date.now() > deadline) throw new Error('the simulator did not send its final reports in time');
        await sleep(25);
      }
    },
    // The simulator is the test app's: it stops with the world.
    async close() {},
  };
}
