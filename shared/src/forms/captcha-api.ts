import { api } from '@platform/shared';
import { captchaCall } from '../contract';

export interface Captcha {
  /** Sent back with the typed text, so the server knows which image was answered. */
  id: string;
  /** The PNG as a data URL. */
  imageSrc: string;
}

/** `GET /wps/captcha`: a new single-use image captcha. */
export async function fetchCaptcha(): Promise<Captcha> {
  const { captchaId, image } = await api.call(captchaCall);
  return { id: captchaId, imageSrc: image };
}
