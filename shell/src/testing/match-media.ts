/**
 * Replaces the set-up's window.matchMedia (every query "does not match") with one that answers
 * every query with `matches`; tests of the phone layout use it, and restore() puts it back.
 */
export function mockMatchMedia(matches: boolean): { restore: () => void } {
  const original = window.matchMedia;
  const replace = (value: typeof window.matchMedia) => Object.defineProperty(window, 'matchMedia', { configurable: true, writable: true, value });
  replace(((query: string) => ({
    matches,
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  })) as typeof window.matchMedia);
  return { restore: () => replace(original) };
}
