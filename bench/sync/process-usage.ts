import { readFileSync } from 'node:fs';
import pg from 'pg';

/** What the kernel says of one process (Linux `/proc`); every figure in bytes or CPU seconds. */
export interface ProcessSample {
  /** Resident set now (`VmRSS`). */
  rssBytes: number;
  /** Highest resident set since the process started (`VmHWM`). */
  peakRssBytes: number;
  /** User + system CPU since the process started (`utime` + `stime`, at 100 ticks/s). */
  cpuSeconds: number;
}

const CLOCK_TICKS_PER_SECOND = 100;

/** CPU seconds of a process from `/proc/<pid>/stat` (fields 14 and 15, after the parenthesised command name). */
function cpuSecondsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
}

function statusKiB(status: string, field: string): number {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
  if (!match) throw new Error(`/proc status has no ${field}`);
  return Number(match[1]);
}

export function sampleProcess(pid: number): ProcessSample {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return {
    rssBytes: statusKiB(status, 'VmRSS') * 1024,
    peakRssBytes: statusKiB(status, 'VmHWM') * 1024,
    cpuSeconds: cpuSecondsOf(pid),
  };
}

/**
 * Samples a process every `everyMs` until stopped: the highest RSS seen (a cross-check of the kernel's `VmHWM`) and
 * the last sample. `stop()` takes one more sample and returns both.
 */
export function watchProcess(pid: number, everyMs = 50) {
  let highest = 0;
  let last = sampleProcess(pid);
  const take = () => {
    last = sampleProcess(pid);
    highest = Math.max(highest, last.rssBytes);
  };
  take();
  const timer = setInterval(() => {
    try {
      take();
    } catch {
      clearInterval(timer); // the process has exited: stop() says so
    }
  }, everyMs);
  return {
    stop(): { last: ProcessSample; sampledPeakRssBytes: number } {
      clearInterval(timer);
      take();
      return { last, sampledPeakRssBytes: highest };
    },
  };
}

/**
 * CPU seconds used by the Postgres backends serving the database of `databaseUrl` from now until `stop()`, read from
 * `/proc` every 200 ms (a backend's CPU since it started, minus what it had used at its first sight when it was already
 * there at the start). Null when the server's processes are not readable here (another machine or user).
 */
export async function watchPostgresCpu(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const atStart = new Map<number, number>();
  const latest = new Map<number, number>();
  let readable = true;
  let first = true;
  const sample = async () => {
    const { rows } = await client.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    for (const { pid } of rows) {
      try {
        const seconds = cpuSecondsOf(pid);
        if (first) atStart.set(pid, seconds);
        latest.set(pid, seconds);
      } catch (error) {
        // A backend that ended between the query and the read is gone; one we may not read makes the figure unknown.
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') readable = false;
      }
    }
    first = false;
  };
  await sample();
  let done = false;
  const sampling = (async () => {
    while (!done) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      if (!done) await sample();
    }
  })();
  return {
    async stop(): Promise<number | null> {
      done = true;
      await sampling;
      await sample();
      await client.end();
      if (!readable) return null;
      let total = 0;
      for (const [pid, seconds] of latest) total += seconds - (atStart.get(pid) ?? 0);
      return total;
    },
  };
}

export const mib = (bytes: number) => Math.round(bytes / 1024 / 1024);
