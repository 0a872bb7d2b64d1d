/**
 * Ends the current task so the browser can paint and handle input before the next step of the
 * start-up (a phone's start-up in one piece is a long task that blocks the page):
 * `scheduler.yield()` where the browser has it (the continuation keeps its priority), else a
 * macrotask.
 */
export function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
