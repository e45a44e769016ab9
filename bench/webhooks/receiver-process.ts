import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startBenchReceiver } from './receiver';

/**
 * The receiver in a process of its own, as a customer's receiver would be: in the bench's process its answers waited
 * for the producer's work (200 transactions a second) on the same event loop, which added to every serial delivery.
 * Run as a child (`--child`), it serves and answers the parent's questions over IPC; arrival times are its
 * `Date.now()`, the same clock as the parent's commit times.
 */
type Request = { type: 'distinct' } | { type: 'report' } | { type: 'close' };

if (process.argv.includes('--child')) {
  void (async () => {
    const receiver = await startBenchReceiver();
    process.on('message', (request: Request) => {
      if (request.type === 'distinct') process.send!({ type: 'distinct', distinct: receiver.stats().distinct });
      else if (request.type === 'report')
        process.send!({ type: 'report', arrivals: receiver.arrivals(), stats: receiver.stats() });
      else void receiver.close().then(() => process.exit(0));
    });
    process.send!({ type: 'ready', url: receiver.hooksUrl });
  })();
}

/** Starts the receiver's process; resolves once it listens. */
export async function startReceiverProcess() {
  const child = fork(fileURLToPath(import.meta.url), ['--child'], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ask = <T>(request: Request, answer: string) =>
    new Promise<T>((resolve, reject) => {
      const onMessage = (message: { type: string } & T) => {
        if (message.type !== answer) return;
        child.off('message', onMessage);
        child.off('exit', onExit);
        resolve(message);
      };
      const onExit = () => reject(new Error('the receiver process ended'));
      child.on('message', onMessage);
      child.once('exit', onExit);
      child.send(request);
    });
  const { url } = await new Promise<{ url: string }>((resolve, reject) => {
    child.once('message', (message: { type: string; url: string }) => resolve(message));
    child.once('exit', () => reject(new Error('the receiver process ended before listening')));
  });
  return {
    urlFor: (endpointId: number) => `${url}/${endpointId}`,
    distinct: async () => (await ask<{ distinct: number }>({ type: 'distinct' }, 'distinct')).distinct,
    report: async () => {
      const { arrivals, stats } = await ask<{
        arrivals: Array<[string, number]>;
        stats: { requests: number; duplicates: number; distinct: number };
      }>({ type: 'report' }, 'report');
      const byKey = new Map(arrivals);
      return {
        arrivalOf: (endpointId: number, eventId: string) => byKey.get(`${endpointId}/${eventId}`),
        stats,
      };
    },
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.send({ type: 'close' });
      }),
  };
}
