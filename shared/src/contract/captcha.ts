// The image captcha of login and registration (server module captcha/).
import { defineCall, type ValueOf } from './define-call';

export const captchaCall = /*#__PURE__*/ defineCall({
  name: 'captcha',
  method: 'GET',
  path: '/wps/captcha',
  moduleId: 'LOGIN3',
  quiet: true,
  value: {
    type: 'object',
    required: ['captchaId', 'image', 'expiresAt'],
    properties: {
      captchaId: { type: 'string', description: '32 hex characters' },
      image: { type: 'string', description: "The PNG as a data URL: 'data:image/png;base64,…'" },
      expiresAt: { type: 'integer', description: 'Epoch ms after which the answer is refused' },
    },
  },
});

/** `GET /wps/captcha` value. Send `captchaId` back with the typed text (field `captcha`). */
export type CaptchaChallenge = ValueOf<typeof captchaCall>;
