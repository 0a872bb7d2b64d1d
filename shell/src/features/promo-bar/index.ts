// The promo bar under the header (a language change shows it again). Its component is
// a chunk of its own, imported lazily by the page frame (layout/components/shell-layout.tsx): never
// re-export it from here.
export { PROMO_BAR_CLOSED_KEY } from './promo-bar-closed';
export { PROMO_BAR_CYCLE_MS } from './promo-bar-settings';
