/** Plivo: REST calls and numbers, V3-signed form webhooks, Plivo XML answers. */
import { connectWithEnvironment, type VendorAdapter } from '../adapter';
import {
  REFUSAL_MESSAGE,
  agentGreetingText,
  plusDigits,
  speakAndHangupXml,
  textField,
} from '../call-instructions';
import { headerOf } from '../webhook-request';
import { createPlivoProvider } from './plivo-provider';
import { isValidPlivoSignature, plivoCallStatus } from './plivo-status';

export const plivoAdapter: VendorAdapter = {
  name: 'plivo',
  connect: connectWithEnvironment('plivo', createPlivoProvider),
  statusWebhook: {
    signed: true,
    keyOf: ({ secrets }) => secrets.auth_token ?? '',
    verify: (request, authToken) =>
      isValidPlivoSignature(
        authToken,
        request.url,
        request.form,
        headerOf(request, 'x-plivo-signature-v3-nonce'),
        headerOf(request, 'x-plivo-signature-v3'),
      ),
    parse: ({ form }) => plivoCallStatus(form),
  },
  inbound: {
    style: 'instructions',
    // Plivo sends numbers without the leading '+'.
    callOf: (body) => ({
      providerCallId: textField(body, 'CallUUID'),
      to: `+${textField(body, 'To').replace(/^\+/, '')}`,
      from: plusDigits(textField(body, 'From')),
    }),
    // Their media is part 2 of live voice: the agent greets and the call ends.
    answer: ({ agentName }) => speakAndHangupXml('Speak', agentGreetingText(agentName)),
    refuse: () => speakAndHangupXml('Speak', REFUSAL_MESSAGE),
  },
};
