// A VIP page of the member centre, its own chunk (the page registry loads it by menu key).
export { default } from '../member-rules-page';
export { translationsLoaded } from '../translations';
