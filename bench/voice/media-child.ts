/**
 * The media process of the voice benchmark: `startMediaServer` as `npm run media` runs it (config from the
 * environment), plus what the benchmark reads over IPC: the process's CPU time and its event-loop delay between
 * `measure-start` and `measure-stop`.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { loadConfig } from '../../config';
import { createLogger } from '../../config/logger';
import { createDb } from '../../db/client';
import { startMediaServer } from '../../media/server';
import { createStorage } from '../../storage';

const config = loadConfig();
const logger = createLogger({ level: config.logLevel, pretty: false });
const db = createDb(config.databaseUrl!, { max: 20 });
const server = await startMediaServer({ config, db, storage: createStorage(config), logger });

const lag = monitorEventLoopDelay({ resolution: 10 });
lag.enable();
let cpuAtStart = process.cpuUsage();

process.on('message', (message: { type: string }) => {
  if (message.type === 'measure-start') {
    lag.reset();
    cpuAtStart = process.cpuUsage();
  } else if (message.type === 'measure-stop') {
    const cpu = process.cpuUsage(cpuAtStart);
    process.send!({
      type: 'measured',
      cpuMs: (cpu.user + cpu.system) / 1000,
      lagP50Ms: lag.percentile(50) / 1e6,
      lagP99Ms: lag.percentile(99) / 1e6,
      lagMaxMs: lag.max / 1e6,
      rssMb: process.memoryUsage().rss / 2 ** 20,
      activeCalls: server.activeCalls(),
    });
  }
});
process.on('SIGTERM', () => {
  void server.close({ graceMs: 0 }).finally(() => process.exit(0));
});
process.send!({ type: 'ready', url: server.url });
