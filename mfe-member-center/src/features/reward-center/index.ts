// Reward Centre (rewardCenter): my promotions, a promo code, the prize wheel (spin and verify in
// the browser) and its history.
export { default } from './reward-center-page';
export { translationsLoaded } from './translations';
