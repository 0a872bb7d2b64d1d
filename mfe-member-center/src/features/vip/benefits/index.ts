// A VIP page of the member centre, its own chunk (the page registry loads it by menu key).
export { default } from '../benefits-page';
export { translationsLoaded } from '../translations';
