/**
 * A flood of probes at an API, run as a child of the engine benchmark (`--probe-flood N`): N kept-alive clients ask
 * `/readyz` and `/health` in turn, back to back, until SIGTERM; then it prints one JSON line
 * `{"probe_flood": {requests, seconds, by_status}}` and exits. A load balancer probing from many places, or an
 * anonymous flood, as issue 34 measured it (100 clients: about 1,500 requests/s).
 */
const [base, clientsText] = process.argv.slice(2);
const clients = Number(clientsText);
if (!base || !Number.isInteger(clients) || clients < 1) {
  console.error('usage: probe-flood.ts <api base url> <clients>');
  process.exit(2);
}
const byStatus: Record<string, number> = {};
let requests = 0;
let stopping = false;
const startedAt = Date.now();
process.on('SIGTERM', () => (stopping = true));

async function client(index: number) {
  const paths = ['/api/v1/readyz', '/api/v1/health'];
  for (let turn = index; !stopping; turn++) {
    let status = 'error';
    try {
      const response = await fetch(`${base}${paths[turn % 2]}`);
      await response.arrayBuffer();
      status = String(response.status);
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    byStatus[status] = (byStatus[status] ?? 0) + 1;
    requests += 1;
  }
}

console.log('probe flood started');
await Promise.all(Array.from({ length: clients }, (_, index) => client(index)));
const seconds = (Date.now() - startedAt) / 1000;
console.log(JSON.stringify({ probe_flood: { requests, seconds, by_status: byStatus } }));

export {};
