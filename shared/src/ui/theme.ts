// Bengali is the default language and Thai a translation set; devices without those scripts would
// show empty boxes. Each face declares a unicode-range, so it downloads only when used.
import '@fontsource-variable/noto-sans-bengali/wght.css';
import '@fontsource-variable/noto-sans-thai/wght.css';
import './themes.css';
import type { Theme } from '../bus/bus-types';
import { bus as defaultBus, type EventBus } from '../bus/event-bus';
import { localStore } from '../storage/web-storage';

export const THEMES: readonly Theme[] = ['light', 'dark'];

function applyToDocument(theme: Theme): void {
  if (typeof document !== 'undefined') document.documentElement.dataset.theme = theme;
}

/** Switches the site's theme: the page, the stored choice, and the bus (other apps and tabs). */
export function applyTheme(theme: Theme, eventBus: EventBus = defaultBus): void {
  applyToDocument(theme);
  localStore.set('theme', theme);
  eventBus.set('theme', theme);
}

/** Keeps the page on the bus theme when another tab or app changes it. Returns the unsubscribe. */
export function followBusTheme(eventBus: EventBus = defaultBus): () => void {
  const subscription = eventBus.theme$.subscribe(applyToDocument);
  return () => subscription.unsubscribe();
}

followBusTheme();
