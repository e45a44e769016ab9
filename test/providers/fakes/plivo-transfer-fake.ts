/**
 * Plivo's Transfer a Call API on the Plivo fake: `POST /v1/Account/{auth_id}/Call/{call_uuid}/` with basic auth and
 * a body of `legs` (`aleg`, `bleg` or `both`), `aleg_url` and `aleg_method`; a live call answers 202 `call
 * transferred`, then Plivo fetches the new XML from `aleg_url` with the call's parameters, signed with
 * `X-Plivo-Signature-V3` by the fake's own signer; a call that is not live answers 404.
 */
import { randomUUID } from 'node:crypto';
import type { PlivoFake } from './plivo-fake';

/** One transfer Plivo took, and what this service answered when Plivo fetched its XML. */
export interface PlivoTransfer {
  callUuid: string;
  alegUrl: string;
  status: number;
  xml: string;
}

export interface PlivoTransfers {
  readonly taken: PlivoTransfer[];
  /** Resolves once every taken transfer's XML was fetched. */
  settled(): Promise<void>;
}

export function acceptPlivoTransfers(fake: PlivoFake): PlivoTransfers {
  const taken: PlivoTransfer[] = [];
  const fetching = new Set<Promise<void>>();
  const basic = `Basic ${Buffer.from(`${fake.authId}:${fake.authToken}`).toString('base64')}`;

  async function fetchXml(
    call: { callUuid: string; requestUuid: string; to: string; from: string },
    url: string,
  ) {
    const form = new URLSearchParams({
      CallUUID: call.callUuid,
      RequestUUID: call.requestUuid,
      From: call.from,
      To: call.to.replace(/^\+/, ''),
      Direction: 'outbound',
      CallStatus: 'in-progress',
    });
    const response = await fetch(url, {
      method: 'POST',
      body: form.toString(),
      headers: fake.signed(url, form),
    });
    taken.push({
      callUuid: call.callUuid,
      alegUrl: url,
      status: response.status,
      xml: await response.text(),
    });
  }

  fake.http.route('POST', `/v1/Account/${fake.authId}/Call/:id/`, (request) => {
    if (request.headers.authorization !== basic)
      return { status: 401, body: { api_id: randomUUID(), error: 'Authentication credentials invalid.' } };
    const body = JSON.parse(request.rawBody) as Record<string, string>;
    if (!['aleg', 'bleg', 'both'].includes(body.legs ?? 'aleg') || !body.aleg_url)
      return {
        status: 400,
        body: { api_id: randomUUID(), error: 'aleg_url is required to transfer the a leg' },
      };
    if ((body.aleg_method ?? 'POST') !== 'POST')
      return { status: 400, body: { api_id: randomUUID(), error: 'this fake fetches with POST only' } };
    const call = [...fake.calls.values()].find((c) => c.callUuid === request.params.id && c.state === 'live');
    if (!call) return { status: 404, body: { api_id: randomUUID(), error: 'call not found' } };
    const work = fetchXml({ ...call, from: call.body.from! }, body.aleg_url);
    fetching.add(work);
    void work.finally(() => fetching.delete(work));
    return { status: 202, body: { api_id: randomUUID(), message: 'call transferred' } };
  });

  return {
    taken,
    async settled() {
      while (fetching.size > 0) await Promise.all([...fetching]);
    },
  };
}
