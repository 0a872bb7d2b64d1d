import { useSyncExternalStore } from 'react';

// Installing the site as a web app. Chromium browsers fire `beforeinstallprompt` once the site may
// be installed: kept, its prompt() shows the browser's install dialog when the player asks for it.
// Safari on iPhone and iPad fires nothing and has no install dialog: the player adds the site with
// Share › Add to Home Screen. Other browsers install from their own menu, if at all.

/** The event Chromium fires (not in TypeScript's DOM types). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<unknown>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform?: string }>;
}

/**
 * What the download page can offer: the app is already installed (or this is it, running on its
 * own), the browser's install dialog, the iOS steps, or the browser's menu.
 */
export type InstallState = 'installed' | 'available' | 'ios' | 'manual';

/** Where the store looks: the browser's window unless a test gives its own. */
export interface InstallEnvironment {
  events: Pick<EventTarget, 'addEventListener'>;
  /** The page runs as the installed app (display-mode standalone, or iOS's navigator.standalone). */
  standalone: () => boolean;
  /** Safari's iPhone or iPad: installs only through Share › Add to Home Screen. */
  ios: () => boolean;
}

export interface InstallPromptStore {
  state(): InstallState;
  subscribe(listener: () => void): () => void;
  /** Shows the browser's install dialog; answers what the player chose ('unavailable' without one). */
  install(): Promise<'accepted' | 'dismissed' | 'unavailable'>;
}

/**
 * Follows the install events from the moment it is made: the event may come before the download
 * page is shown (it comes once per page load), so the page's module makes the store when it loads.
 */
export function createInstallPromptStore(environment: InstallEnvironment): InstallPromptStore {
  let deferred: BeforeInstallPromptEvent | null = null;
  let installed = false;
  const listeners = new Set<() => void>();
  const changed = () => listeners.forEach((listener) => listener());

  environment.events.addEventListener('beforeinstallprompt', (event) => {
    // Kept for the page's button, instead of the browser's own small bar.
    event.preventDefault();
    deferred = event as BeforeInstallPromptEvent;
    changed();
  });
  environment.events.addEventListener('appinstalled', () => {
    installed = true;
    deferred = null;
    changed();
  });

  return {
    state: () => {
      if (installed || environment.standalone()) return 'installed';
      if (deferred) return 'available';
      return environment.ios() ? 'ios' : 'manual';
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    install: async () => {
      const event = deferred;
      if (!event) return 'unavailable';
      // An event prompts once: whatever the player chooses, the browser's menu is what is left.
      deferred = null;
      await event.prompt();
      const { outcome } = await event.userChoice;
      if (outcome === 'accepted') installed = true;
      changed();
      return outcome;
    },
  };
}

/** The browser's window as the store sees it. */
export function browserInstallEnvironment(): InstallEnvironment {
  return {
    events: window,
    standalone: () =>
      (typeof window.matchMedia === 'function' && window.matchMedia('(display-mode: standalone)').matches) ||
      (navigator as Navigator & { standalone?: boolean }).standalone === true,
    // iPadOS reports itself as a Mac: a Mac with a touch screen is an iPad.
    ios: () => /iPad|iPhone|iPod/.test(navigator.userAgent) || (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1),
  };
}

/** The store's state, following it. */
export function useInstallState(store: InstallPromptStore): InstallState {
  return useSyncExternalStore(store.subscribe, store.state, store.state);
}
