import { spawn } from 'node:child_process';
import type { BenchStack } from './stack';

export interface ProbeFloodResult {
  clients: number;
  requests: number;
  perSecond: number;
  /** Answers by HTTP status (`error`: no answer). */
  byStatus: Record<string, number>;
}

/**
 * Starts bench/engine/probe-flood.ts against the stack's API in a process of its own (its clients' CPU is not the
 * API's); `stop()` ends it and answers what it counted.
 */
export async function startProbeFlood(stack: BenchStack, clients: number) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'bench/engine/probe-flood.ts', stack.env.PUBLIC_BASE_URL!, String(clients)],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  while (!output.includes('probe flood started')) {
    if (child.exitCode !== null) throw new Error(`probe flood exited ${child.exitCode}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    async stop(): Promise<ProbeFloodResult> {
      child.kill('SIGTERM');
      const code = await exited;
      const line = output.split('\n').find((text) => text.startsWith('{"probe_flood"'));
      if (code !== 0 || !line) throw new Error(`probe flood ended ${code} without its counts: ${output}`);
      const { requests, seconds, by_status } = (
        JSON.parse(line) as {
          probe_flood: { requests: number; seconds: number; by_status: Record<string, number> };
        }
      ).probe_flood;
      return { clients, requests, perSecond: Math.round(requests / seconds), byStatus: by_status };
    },
  };
}
