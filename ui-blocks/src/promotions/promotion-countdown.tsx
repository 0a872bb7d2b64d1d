import { useEffect, useRef, useState, type RefObject } from 'react';
import { countdownText, type CountdownKind } from './promotion-model';
import { usePromotionT } from './promotion-t';

const pageVisible = () => typeof document === 'undefined' || document.visibilityState !== 'hidden';

/**
 * Whether the element is where the player can see it: the tab is showing and the element is in
 * the viewport (where the browser can tell; everywhere else it counts as seen). A long list's cards
 * out of sight, or a tab in the background, keep no timer running.
 */
function useSeen(ref: RefObject<Element | null>): boolean {
  const [onScreen, setOnScreen] = useState(true);
  const [tabShown, setTabShown] = useState(pageVisible);
  useEffect(() => {
    const follow = () => setTabShown(pageVisible());
    document.addEventListener('visibilitychange', follow);
    return () => document.removeEventListener('visibilitychange', follow);
  }, []);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver((entries) => setOnScreen(entries.some((entry) => entry.isIntersecting)));
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return onScreen && tabShown;
}

/** The time left to `target`, read again each second while `running`; it stops once the time is reached. */
function useTimeLeft(target: number, running: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  const left = target - now;
  const ticking = running && left > 0;
  useEffect(() => {
    if (!ticking) return undefined;
    // Back in view or in the foreground: the time as it is now, not as it was when last seen.
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [ticking]);
  return left;
}

export interface PromotionCountdownProps {
  kind: CountdownKind;
  /** Epoch milliseconds. */
  target: number;
  className?: string;
  testId?: string;
}

/** "Ends in 2d 03:04:05", "Claim within 05:00:00": ticking each second while it can be seen. */
export function PromotionCountdown({ kind, target, className, testId = 'promo-countdown' }: PromotionCountdownProps) {
  const t = usePromotionT();
  const ref = useRef<HTMLSpanElement>(null);
  const left = useTimeLeft(target, useSeen(ref));
  return (
    <span ref={ref} className={className} data-testid={testId} data-kind={kind}>
      {countdownText(kind, left, t)}
    </span>
  );
}
