/** Twilio: REST calls and numbers, signed form webhooks, TwiML answers, Media Streams. */
import { connectWithEnvironment, type VendorAdapter } from '../adapter';
import { REFUSAL_MESSAGE, speakAndHangupXml, textField } from '../call-instructions';
import { headerOf } from '../webhook-request';
import { twilioAnswer } from './twilio-answer';
import { twilioMedia } from './twilio-media';
import { createTwilioProvider } from './twilio-provider';
import { isValidTwilioSignature, twilioCallStatus, type TwilioCallReport } from './twilio-status';

export const twilioAdapter: VendorAdapter = {
  name: 'twilio',
  connect: connectWithEnvironment('twilio', createTwilioProvider),
  statusWebhook: {
    signed: true,
    keyOf: ({ secrets }) => secrets.auth_token ?? '',
    verify: (request, authToken) =>
      isValidTwilioSignature(authToken, request.url, request.form, headerOf(request, 'x-twilio-signature')),
    parse: ({ form }) => twilioCallStatus(Object.fromEntries(form) as unknown as TwilioCallReport),
  },
  inbound: {
    style: 'instructions',
    callOf: (body) => ({
      providerCallId: textField(body, 'CallSid'),
      to: textField(body, 'To'),
      from: textField(body, 'From'),
    }),
    answer: twilioAnswer,
    refuse: () => speakAndHangupXml('Say', REFUSAL_MESSAGE),
  },
  media: twilioMedia,
  machineDetection: {
    parse: ({ form }) => {
      const providerCallId = form.get('CallSid');
      const answeredBy = form.get('AnsweredBy');
      return providerCallId && answeredBy ? { providerCallId, answeredBy } : null;
    },
  },
};
