import { useCallback, useEffect, useRef, useState } from 'react';
import { fetchCaptcha, type Captcha } from './captcha-api';
import { THROTTLE_MS } from './form-constants';
import { useThrottle } from './use-throttle';

export interface CaptchaState {
  captcha: Captcha | null;
  failed: boolean;
  /** A new image, at most once a second: the player's click. */
  refresh: () => void;
  /** A new image now: the previous one was used up by a failed attempt. */
  reload: () => void;
}

/** The image captcha of a form; loads when `enabled` turns on. */
export function useCaptcha(enabled: boolean): CaptchaState {
  const [captcha, setCaptcha] = useState<Captcha | null>(null);
  const [failed, setFailed] = useState(false);
  const live = useRef(true);
  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
    };
  }, []);

  const load = useCallback(() => {
    fetchCaptcha()
      .then((next) => {
        if (!live.current) return;
        setCaptcha(next);
        setFailed(false);
      })
      .catch(() => live.current && setFailed(true));
  }, []);
  const refresh = useThrottle(load, THROTTLE_MS);

  useEffect(() => {
    if (enabled) refresh();
  }, [enabled, refresh]);

  return { captcha, failed, refresh, reload: load };
}
