// The address the /game frame shows: kept in session storage (`iframeUrl`) so a
// reload keeps the game, and announced to a frame page already on screen (a launch from /game).
import { sessionStore } from '@platform/shared';

const listeners = new Set<(url: string) => void>();

/** Only addresses of this site or of http(s) game servers: never javascript: or data:. */
export function isFrameUrl(url: string): boolean {
  if (url.startsWith('/') && !url.startsWith('//')) return true;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:';
  } catch {
    return false;
  }
}

export function frameUrl(): string | null {
  const url = sessionStore.get('iframeUrl');
  return url && isFrameUrl(url) ? url : null;
}

export function setFrameUrl(url: string): void {
  sessionStore.set('iframeUrl', url);
  for (const listener of [...listeners]) listener(url);
}

export function onFrameUrl(listener: (url: string) => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
