import { createHmac } from 'node:crypto';
import { createCredentialsCipher, telephonySecretsContext } from '../../config/credentials-cipher';
import { loadNow } from '../engine/report';
import { log, startBenchStack } from '../engine/stack';

/**
 * What a refused vendor webhook costs, by why it is refused (issue 34): an unknown configuration id against a known
 * one with a bad signature, both Twilio inbound calls through the real app (in-process requests, no network), in
 * alternation so that both see the same machine. Usage: npx tsx bench/webhook-refusals/main.ts [--requests N]
 * The two must not be told apart by time: the report gives each one's median, p90 and p99 and their difference.
 * Every answer must be the same 403; anything else fails the run.
 */
const at = process.argv.indexOf('--requests');
const REQUESTS = at >= 0 ? Number(process.argv[at + 1]) : 4000;

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

async function main() {
  const loadBefore = loadNow();
  const stack = await startBenchStack();
  try {
    const { organizationId } = stack.org;
    const configuration = await stack.ctx.db
      .insertInto('telephony_configurations')
      .values({
        organization_id: organizationId,
        name: 'bench-twilio',
        provider: 'twilio',
        config: { provider: 'twilio', account_sid: 'AC00' },
        encrypted_secrets: createCredentialsCipher(stack.ctx.config.appSecret).encrypt(
          { auth_token: 'the-real-auth-token' },
          telephonySecretsContext(organizationId),
        ),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const payload = 'CallSid=CAbench&From=%2B19005550019&To=%2B12125550100';
    const signature = createHmac('sha1', 'a-guessed-token').update('whatever').digest('base64');
    const post = async (configurationId: number) => {
      const started = process.hrtime.bigint();
      const response = await stack.app.inject({
        method: 'POST',
        url: `/api/v1/telephony/inbound/twilio/${configurationId}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
        payload,
      });
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      if (response.statusCode !== 403)
        throw new Error(`expected 403, got ${response.statusCode}: ${response.body}`);
      return ms;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    // Warm both paths (connections, JIT) before measuring.
    for (let i = 0; i < 200; i++)
      await Promise.all([post(configuration.id), post(configuration.id + 1_000_000)]);
    for (let i = 0; i < REQUESTS; i++) {
      if (i % 2 === 0) known.push(await post(configuration.id));
      else unknown.push(await post(configuration.id + 1_000_000 + i));
      if (i % 1000 === 999) log(`${i + 1} of ${REQUESTS} requests`);
    }
    const figures = (name: string, values: number[]) => {
      const sorted = [...values].sort((a, b) => a - b);
      return {
        name,
        requests: sorted.length,
        p50: quantile(sorted, 0.5),
        p90: quantile(sorted, 0.9),
        p99: quantile(sorted, 0.99),
      };
    };
    const rows = [figures('known id, bad signature', known), figures('unknown id', unknown)];
    console.log(
      `webhook refusals: ${REQUESTS} Twilio inbound webhooks in alternation, load before ${loadBefore.join(' ')}`,
    );
    for (const row of rows)
      console.log(
        `  ${row.name.padEnd(24)} ${row.requests} requests  p50 ${row.p50.toFixed(3)} ms  p90 ${row.p90.toFixed(3)} ms  p99 ${row.p99.toFixed(3)} ms`,
      );
    console.log(`  median difference (unknown − known): ${(rows[1]!.p50 - rows[0]!.p50).toFixed(3)} ms`);
    console.log(JSON.stringify({ webhookRefusals: rows, loadBefore }));
  } finally {
    await stack.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
