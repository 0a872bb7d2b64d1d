import { useEffect, useState, type RefObject } from 'react';

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

/**
 * The milliseconds left to `target` (epoch ms), read again each second while the element `ref`
 * points at can be seen; below zero once it has passed. A countdown's text is the caller's.
 */
export function useTimeLeftWhileSeen(target: number, ref: RefObject<Element | null>): number {
  return useTimeLeft(target, useSeen(ref));
}
