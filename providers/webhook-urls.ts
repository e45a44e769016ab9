/** The URLs of this service that vendors call: one place, shared by adapters (which hand them out) and routes. */

export const INBOUND_WEBHOOK_ROUTE = '/api/v1/telephony/inbound';

/** Where a vendor sends calls to a configuration's numbers; the vendor's signature authenticates each request. */
export function inboundWebhookUrl(publicBaseUrl: string, provider: string, configurationId: number): string {
  return `${publicBaseUrl}${INBOUND_WEBHOOK_ROUTE}/${provider}/${configurationId}`;
}

/**
 * Where a vendor asks what to do once an outbound call is answered: the status callback's sibling, carrying the
 * same attempt id and token, so it needs no second secret.
 */
export function answerUrlOf(statusCallbackUrl: string): string {
  return statusCallbackUrl.replace('/telephony/status/', '/telephony/answer/');
}
