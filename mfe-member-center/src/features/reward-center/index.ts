// Reward Centre (rewardCenter): the daily sign-in, new-player tasks, rescue and the day's bets, my
// promotions with a promo code, the prize wheel (spin and verify in the browser) and its history.
export { default } from './reward-center-page';
export { translationsLoaded } from './translations';
