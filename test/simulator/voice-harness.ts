import { freePort } from '../../devstack/processes';
import { startMediaServer, type MediaServer } from '../../media/server';
import { startEngineHarness, type EngineHarness } from '../engine/engine-harness';

/**
 * The engine harness (API with the simulator, an in-process worker) beside a media process started in-process on a
 * free port: the simulator's answers name streams on it (MEDIA_PUBLIC_URL), so simulated calls a person answers talk
 * over their media stream, the agent played by the voice pipeline and the callee by the simulator.
 */
export interface VoiceHarness extends EngineHarness {
  media: MediaServer;
}

export async function startVoiceHarness(env: Record<string, string>): Promise<VoiceHarness> {
  const mediaPort = await freePort();
  const h = await startEngineHarness({
    env: {
      MEDIA_HOST: '127.0.0.1',
      MEDIA_PORT: String(mediaPort),
      MEDIA_PUBLIC_URL: `ws://127.0.0.1:${mediaPort}`,
      ...env,
    },
  });
  const media = await startMediaServer({
    config: h.ctx.config,
    db: h.ctx.db,
    storage: h.ctx.storage,
    logger: h.ctx.logger,
  });
  const close = h.close;
  return Object.assign(h, {
    media,
    async close() {
      // The API first: its simulator's callees hang up, so the media process has no call left to wait for.
      await close();
      await media.close({ graceMs: 5000 });
    },
  });
}
