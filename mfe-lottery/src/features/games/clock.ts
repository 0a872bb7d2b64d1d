// Countdowns on the server's clock: every round time comes from the server, and the device's clock
// may be minutes off, so a page keeps the offset the server's answer gave (loadOpenedRound) and
// ticks once a second.
import { useEffect, useState } from 'react';

/** This device's time read on the server's clock. */
export const serverNow = (offsetMs: number): number => Date.now() + offsetMs;

/** The server's time now, re-rendering the caller every `everyMs` (once a second by default). */
export function useServerNow(offsetMs: number, everyMs = 1000): number {
  const [now, setNow] = useState(() => serverNow(offsetMs));
  useEffect(() => {
    setNow(serverNow(offsetMs));
    const timer = setInterval(() => setNow(serverNow(offsetMs)), everyMs);
    return () => clearInterval(timer);
  }, [offsetMs, everyMs]);
  return now;
}

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * A remaining time as a countdown: "04:59" under an hour, "5:04:59" above; whole seconds rounded
 * up (a round closing in 0.3 s still shows 00:01), never below 00:00.
 */
export function formatCountdown(remainingMs: number): string {
  const total = Math.max(0, Math.ceil(remainingMs / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(seconds)}` : `${pad(minutes)}:${pad(seconds)}`;
}
