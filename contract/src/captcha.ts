// The image captcha of login, registration and feedback (server module captcha/).
import { defineCall, type ValueOf } from './define-call';

/** A captcha id: 32 lower-case hex characters (128 random bits). */
export const CAPTCHA_ID_PATTERN = '^[0-9a-f]{32}$';
/** The response header that names the id the server chose, when the caller named none. */
export const CAPTCHA_ID_HEADER = 'Captcha-Id';

/**
 * `GET /wps/captcha`: `value` is the image, a base64 PNG, nothing else. The id the
 * answer is sent back with (field `captchaId` beside `captcha`) is the caller's own: a random
 * `captchaId` in the query (the browser draws 128 bits), so the client knows it without reading
 * headers. A caller that names none gets one chosen by the server in the `Captcha-Id` header.
 */
export const captchaCall = /*#__PURE__*/ defineCall({
  name: 'captcha',
  method: 'GET',
  path: '/wps/captcha',
  moduleId: 'LOGIN3',
  quiet: true,
  query: {
    type: 'object',
    additionalProperties: false,
    properties: {
      captchaId: {
        type: 'string',
        pattern: CAPTCHA_ID_PATTERN,
        description: 'A fresh random id for this image (32 hex characters); one already used is refused (400 captcha.err)',
      },
    },
  },
  value: { type: 'string', contentEncoding: 'base64', contentMediaType: 'image/png', description: 'The PNG, base64 (no data: prefix)' },
});

/** `GET /wps/captcha` value: the PNG in base64. */
export type CaptchaImage = ValueOf<typeof captchaCall>;
