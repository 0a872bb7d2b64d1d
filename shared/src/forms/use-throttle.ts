import { useCallback, useRef } from 'react';

/**
 * Wraps an action so that it runs at most once per interval; calls in between are dropped
 * (SMS sends and captcha refreshes: once a second).
 */
export function useThrottle<A extends unknown[]>(action: (...args: A) => void, intervalMs: number): (...args: A) => void {
  const last = useRef(-Infinity);
  const actionRef = useRef(action);
  actionRef.current = action;
  return useCallback(
    (...args: A) => {
      const now = Date.now();
      if (now - last.current < intervalMs) return;
      last.current = now;
      actionRef.current(...args);
    },
    [intervalMs],
  );
}
