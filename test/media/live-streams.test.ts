/**
 * Live streams on the media server. A machine verdict (the vendor's asynchronous detection, stored by the API) reaches
 * the call it belongs to. SIGTERM drain (`close()`, last): the media server takes no new stream (503, /health draining) while a live call goes on
 * to its end, and stops only after it. The call is a simulator stream driven byte by byte as simulator/media-protocol.ts
 * documents it; the agent has no LLM, so it says its greeting with the local voice and ends.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { recordAnsweredBy } from '../../db/repositories/answered-by';
import { findCallConversation } from '../../db/repositories/call-conversations';
import { startMediaServer, type MediaServer } from '../../media/server';
import { mediaStreamUrl } from '../../providers/webhook-urls';
import { capturedLogger } from '../helpers/captured-logs';
import { openMediaWorld, placedCall, type MediaWorld } from './fixtures';
import { handshake, simulatorCallee, until } from './stream-clients';

let world: MediaWorld;
let server: MediaServer;
const { logger, lines } = capturedLogger();

beforeAll(async () => {
  world = openMediaWorld({
    MEDIA_PORT: '0',
    MEDIA_HOST: '127.0.0.1',
    LLM_BASE_URL: undefined,
    LLM_API_KEY: undefined,
  });
  server = await startMediaServer({ ...world, logger });
});
afterAll(async () => {
  await server.close({ graceMs: 0 });
  await world.close();
});

const pathOf = (url: string) => new URL(url).pathname;

const callee = (path: string) => simulatorCallee(server.url, path);

describe('machine detection on a live call', () => {
  it("a machine verdict stored while the agent speaks reaches that call's pipeline", async () => {
    const placed = await placedCall(world.db);
    const call = callee(pathOf(mediaStreamUrl(world.config, 'simulator', placed.runId)));
    await until(() => call.received.agentFrames > 0);
    // Media time stands still until the verdict has reached the call, so the greeting cannot end first.
    call.hold(true);
    await recordAnsweredBy(world.db, placed.attemptId, 'machine_start');
    const pipelineHeard = (line: Record<string, unknown>) =>
      line.run_id === placed.runId && line.msg === 'answering machine: leaving the voicemail message';
    await until(() => lines.some(pipelineHeard));
    call.hold(false);
    await call.closed;
    expect(lines.filter(pipelineHeard)).toHaveLength(1);
  });
});

describe('draining the media server', () => {
  it('refuses new streams while a live call finishes, then stops', async () => {
    const live = await placedCall(world.db);
    const late = await placedCall(world.db);
    const call = callee(pathOf(mediaStreamUrl(world.config, 'simulator', live.runId)));
    await until(() => call.received.agentFrames > 0);
    expect(server.activeCalls()).toBe(1);

    let stopped = false;
    const closing = server.close().then(() => {
      stopped = true;
    });
    const health = await fetch(`${server.url.replace('ws:', 'http:')}/health`);
    expect([health.status, await health.json()]).toEqual([503, { status: 'draining', active_calls: 1 }]);

    const refused = await handshake(
      server.url,
      pathOf(mediaStreamUrl(world.config, 'simulator', late.runId)),
    );
    expect(refused).toMatchObject({
      status: 503,
      body: { detail: 'media_draining', message: expect.any(String) },
    });
    expect(stopped).toBe(false);
    expect(call.socket.readyState).toBe(WebSocket.OPEN);

    // The live call goes on to its own end (the agent's goodbye), and only then does the server stop.
    await closing;
    await call.closed;
    expect(call.received.stop).not.toBeNull();
    expect(server.activeCalls()).toBe(0);
    expect((await findCallConversation(world.db, live.runId))?.status).toBe('stored');
    expect(await findCallConversation(world.db, late.runId)).toBeUndefined();
  });
});
