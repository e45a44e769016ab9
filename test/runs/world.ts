import type { Db } from '../../db/client';
import { createTestOrganization, type TestOrganization } from '../helpers/organizations';
import { finished, insertAgent, insertCampaign, insertRun } from './fixtures';

/** Two organizations: A with five runs over two agents and a campaign, B with one run that A must never see. */
export interface RunsWorld {
  a: TestOrganization;
  b: TestOrganization;
  outboundAgent: number;
  inboundAgent: number;
  campaign: number;
  /** A's runs, oldest first: r1..r5. */
  r: [number, number, number, number, number];
  bAgent: number;
  bRun: number;
}

export async function seedRunsWorld(db: Db): Promise<RunsWorld> {
  const a = await createTestOrganization(db);
  const b = await createTestOrganization(db);
  const outboundAgent = await insertAgent(db, a.organizationId, 'Outbound sales');
  const inboundAgent = await insertAgent(db, a.organizationId, 'Front desk');
  const campaign = await insertCampaign(db, a.organizationId, outboundAgent);
  const org = a.organizationId;
  const outbound = {
    organization_id: org,
    workflow_id: outboundAgent,
    mode: 'simulator',
    call_type: 'outbound' as const,
  };
  const r1 = await insertRun(
    db,
    {
      ...outbound,
      campaign_id: campaign,
      name: 'campaign-1-contact-1-attempt-1',
      initial_context: { caller_number: '+18005550100', called_number: '+14155550123', first_name: 'Ada' },
      createdAt: '2026-01-01T10:00:00Z',
    },
    finished('completed', 60, 100),
  );
  const r2 = await insertRun(
    db,
    {
      ...outbound,
      campaign_id: campaign,
      name: 'campaign-1-contact-2-attempt-1',
      initial_context: { caller_number: '+18005550100', called_number: '+14155559999' },
      createdAt: '2026-01-02T10:00:00Z',
    },
    finished('busy', 0, 0),
  );
  const r3 = await insertRun(
    db,
    {
      organization_id: org,
      workflow_id: inboundAgent,
      mode: 'simulator',
      call_type: 'inbound',
      name: 'inbound-call',
      initial_context: { caller_number: '+12125550100', called_number: '+18005550100' },
      createdAt: '2026-01-03T10:00:00.123Z',
    },
    finished('interested', 120, 250),
  );
  const r4 = await insertRun(
    db,
    {
      ...outbound,
      name: 'one-off-call',
      initial_context: { caller_number: '+18005550100', called_number: 'sip:AB%c_d@example.com' },
      createdAt: '2026-01-04T10:00:00Z',
    },
    finished('voicemail', 30, 0),
  );
  const r5 = await insertRun(
    db,
    {
      ...outbound,
      campaign_id: campaign,
      name: 'campaign-1-contact-3-attempt-1',
      initial_context: { caller_number: '+18005550100', called_number: '+14155550777' },
      createdAt: '2026-01-05T10:00:00Z',
    },
    null,
  );
  const bAgent = await insertAgent(db, b.organizationId, 'B agent');
  const bRun = await insertRun(
    db,
    {
      organization_id: b.organizationId,
      workflow_id: bAgent,
      mode: 'simulator',
      call_type: 'outbound',
      name: 'b-call',
      initial_context: { caller_number: '+18005550100', called_number: '+14155550123' },
      createdAt: '2026-01-03T12:00:00Z',
    },
    finished('completed', 45, 80),
  );
  return { a, b, outboundAgent, inboundAgent, campaign, r: [r1, r2, r3, r4, r5], bAgent, bRun };
}
