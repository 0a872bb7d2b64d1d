import { useCallback, useEffect, useState } from 'react';

/** Whole seconds left until a deadline (epoch ms), never below 0. */
export function secondsUntil(deadlineMs: number | null, now = Date.now()): number {
  if (deadlineMs === null) return 0;
  return Math.max(0, Math.ceil((deadlineMs - now) / 1000));
}

/**
 * A countdown to a deadline, ticking every second. Counting from the deadline (not by
 * decrementing) keeps it right when the tab was in the background.
 */
export function useCountdown(): { seconds: number; startUntil: (deadlineMs: number) => void; reset: () => void } {
  const [deadline, setDeadline] = useState<number | null>(null);
  const [seconds, setSeconds] = useState(0);

  useEffect(() => {
    if (deadline === null) return undefined;
    const tick = () => {
      const left = secondsUntil(deadline);
      setSeconds(left);
      if (left === 0) setDeadline(null);
    };
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [deadline]);

  const startUntil = useCallback((deadlineMs: number) => {
    setSeconds(secondsUntil(deadlineMs));
    setDeadline(deadlineMs);
  }, []);
  const reset = useCallback(() => {
    setDeadline(null);
    setSeconds(0);
  }, []);
  return { seconds, startUntil, reset };
}
