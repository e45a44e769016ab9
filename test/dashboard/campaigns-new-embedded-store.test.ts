import { afterAll, beforeAll, describe, it } from 'vitest';
import { startDashboardHarness, type DashboardHarness } from './browser';
import { createCampaignThroughTheForm } from './campaigns-create-scenario';

describe('dashboard: new campaign with the embedded store (no S3 bucket configured)', () => {
  let d: DashboardHarness;
  beforeAll(async () => {
    // An empty S3_BUCKET means none: uploads go to this service's own signed storage route (same origin).
    d = await startDashboardHarness({ worker: true, env: { S3_BUCKET: '' } });
  }, 120_000);
  afterAll(async () => d?.close());

  it('uploads the CSV to the signed storage URL and creates the campaign', async () => {
    if (d.h.ctx.config.storage.kind !== 'embedded') throw new Error('expected the embedded store');
    await createCampaignThroughTheForm(d);
  }, 120_000);
});
