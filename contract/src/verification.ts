// SMS codes for login by SMS and for registration (server module verification/).
import { botCheckField } from './bot-check';
import { defineCall, type ValueOf } from './define-call';

/** Body of both send calls; other fields the client adds are dropped. */
export const smsSendBodySchema = {
  type: 'object',
  required: ['mobileNo'],
  additionalProperties: false,
  properties: {
    countryDialingCode: { type: 'string', maxLength: 8, description: 'e.g. +880; the first offered country when absent' },
    mobileNo: { type: 'string', maxLength: 32, description: 'national number, 7-15 digits' },
    botCheck: botCheckField,
  },
} as const;

export const codeSentSchema = {
  type: 'object',
  required: ['expiredMinutes', 'expirationTime'],
  properties: {
    expiredMinutes: { type: 'integer', description: 'the code lasts this many minutes (the SMS button counts down 60 s × this)' },
    expirationTime: { type: 'integer', description: 'epoch ms when the code expires' },
  },
} as const;

// SMS sends: a failure is a warning dialog with the server's message, not a toast.
export const smsNoLoginCall = /*#__PURE__*/ defineCall({
  name: 'smsNoLogin',
  method: 'POST',
  path: '/wps/verification/sms/noLogin',
  moduleId: 'SMS3',
  quiet: true,
  body: smsSendBodySchema,
  value: codeSentSchema,
});

export const smsRegisterCall = /*#__PURE__*/ defineCall({
  name: 'smsRegister',
  method: 'POST',
  path: '/wps/verification/sms/register',
  moduleId: 'REGMOBVERF3',
  quiet: true,
  body: smsSendBodySchema,
  value: codeSentSchema,
});

/**
 * `POST /wps/verification/sms/noLogin` and `/register` value. The SMS button counts down
 * 60 s × expiredMinutes; expirationTime is when the code stops working (epoch ms).
 */
export type SmsCodeSent = ValueOf<typeof smsNoLoginCall>;
