import { useEffect, useState } from 'react';
import { claimCountdownText, type Translate } from './reward-model';

const tabShown = () => typeof document === 'undefined' || document.visibilityState !== 'hidden';

/**
 * "Claim within 2d 03:04:05", read again each second while the tab is showing; it stops once the
 * deadline is reached. A tab in the background keeps no timer running.
 */
export function ClaimCountdown({ deadline, t, className }: { deadline: number; t: Translate; className?: string }) {
  const [now, setNow] = useState(() => Date.now());
  const [shown, setShown] = useState(tabShown);
  const left = deadline - now;
  const ticking = shown && left > 0;
  useEffect(() => {
    const follow = () => setShown(tabShown());
    document.addEventListener('visibilitychange', follow);
    return () => document.removeEventListener('visibilitychange', follow);
  }, []);
  useEffect(() => {
    if (!ticking) return undefined;
    // Back in the foreground: the time as it is now, not as it was when last seen.
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [ticking]);
  return (
    <span className={className} data-testid="reward-countdown">
      {claimCountdownText(left, t)}
    </span>
  );
}
