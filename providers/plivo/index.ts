/**
 * Plivo: REST calls, transfers and numbers, V3-signed form webhooks, Plivo XML answers with a bidirectional audio
 * stream, asynchronous answering-machine verdicts.
 */
import { connectWithEnvironment, type VendorAdapter } from '../adapter';
import { REFUSAL_MESSAGE, plusDigits, speakAndHangupXml, textField } from '../call-instructions';
import { headerOf } from '../webhook-request';
import { plivoAnswer } from './plivo-answer';
import { plivoMedia } from './plivo-media';
import { createPlivoProvider } from './plivo-provider';
import { isValidPlivoSignature, plivoCallStatus } from './plivo-status';
import { plivoTransferXml } from './plivo-transfer';

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
    answer: plivoAnswer,
    refuse: () => speakAndHangupXml('Speak', REFUSAL_MESSAGE),
  },
  media: plivoMedia,
  machineDetection: {
    // Plivo's asynchronous verdict says only `Machine` true or false (it reports no beep nor end of greeting), so a
    // machine reads as Twilio's `machine_start`, a person as `human`.
    parse: ({ form }) => {
      const providerCallId = form.get('RequestUUID');
      const machine = form.get('Machine');
      if (!providerCallId || (machine !== 'true' && machine !== 'false')) return null;
      return { providerCallId, answeredBy: machine === 'true' ? 'machine_start' : 'human' };
    },
  },
  transferInstructions: plivoTransferXml,
};
