import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/** A remote that has not answered after 120000 ms counts as failed. */
export const REMOTE_LOAD_TIMEOUT_MS = 120000;

/**
 * First failure layer for remotes (the React error boundary in RemoteSlot is the second):
 * bounds every manifest fetch and entry script by the load timeout, and turns a failed load
 * into an error the slot can show as "temporarily unavailable" instead of a broken page.
 */
export default function remoteFallbackPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'remote-fallback-plugin',
    async fetch(url, init) {
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(new Error(`Timed out after ${REMOTE_LOAD_TIMEOUT_MS} ms: ${url}`)), REMOTE_LOAD_TIMEOUT_MS);
      try {
        return await fetch(url, { ...init, cache: 'no-store', signal: controller.signal });
      } finally {
        clearTimeout(timer);
      }
    },
    createScript({ url, attrs }) {
      const script = document.createElement('script');
      script.src = url;
      for (const [name, value] of Object.entries(attrs ?? {})) script.setAttribute(name, String(value));
      return { script, timeout: REMOTE_LOAD_TIMEOUT_MS };
    },
    async errorLoadRemote({ id, error, lifecycle }) {
      console.error(`[remotes] ${id} failed to load during ${lifecycle}`, error);
      // Nothing to recover with: rethrow so the slot's error boundary shows its retry panel.
      throw error instanceof Error ? error : new Error(String(error));
    },
  };
}
