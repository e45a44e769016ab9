/** Vonage: Voice API calls with an application JWT, numbers API, signed JSON events, NCCO answers. */
import { connectWithEnvironment, type CallInstructions, type VendorAdapter } from '../adapter';
import { REFUSAL_MESSAGE, agentGreetingText, plusDigits, textField } from '../call-instructions';
import { headerOf } from '../webhook-request';
import { createVonageProvider } from './vonage-provider';
import { isValidVonageSignature, vonageCallStatus, type VonageEvent } from './vonage-status';

/** A Vonage NCCO that speaks one line; the call ends when the NCCO does. */
const ncco = (text: string): CallInstructions => ({
  contentType: 'application/json',
  body: JSON.stringify([{ action: 'talk', text }]),
});

export const vonageAdapter: VendorAdapter = {
  name: 'vonage',
  connect: connectWithEnvironment('vonage', createVonageProvider),
  statusWebhook: {
    signed: true,
    keyOf: ({ secrets }) => secrets.signature_secret ?? '',
    verify: (request, signatureSecret, { config }) =>
      isValidVonageSignature({
        signatureSecret,
        apiKey: typeof config.api_key === 'string' ? config.api_key : '',
        authorization: headerOf(request, 'authorization'),
        rawBody: request.rawBody,
      }),
    parse: ({ body }) => vonageCallStatus(body as VonageEvent),
  },
  inbound: {
    style: 'instructions',
    callOf: (body) => ({
      providerCallId: textField(body, 'uuid'),
      to: `+${textField(body, 'to').replace(/^\+/, '')}`,
      from: plusDigits(textField(body, 'from')),
    }),
    // Their media is part 2 of live voice: the agent greets and the call ends.
    answer: ({ agentName }) => ncco(agentGreetingText(agentName)),
    refuse: () => ncco(REFUSAL_MESSAGE),
  },
};
