import { api } from '@platform/shared';
import { captchaCall } from '@platform/contract';

export interface Captcha {
  /** Sent back with the typed text, so the server knows which image was answered. */
  id: string;
  /** The PNG as a data URL. */
  imageSrc: string;
}

/** A fresh captcha id: 128 random bits as 32 lower-case hex characters (CAPTCHA_ID_PATTERN). */
export function newCaptchaId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * `GET /wps/captcha`: a new single-use image captcha. The answer's value is the PNG in base64;
 * the id is drawn here and named in the query, so the form knows it without a header.
 */
export async function fetchCaptcha(): Promise<Captcha> {
  const id = newCaptchaId();
  const png = await api.call(captchaCall, { params: { captchaId: id } });
  return { id, imageSrc: `data:image/png;base64,${png}` };
}
