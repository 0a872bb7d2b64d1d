export { PromotionCountdown, type PromotionCountdownProps } from './promotion-countdown';
export * from './promotion-model';
export * from './promotion-tasks';
export { usePromotionT, type PromotionT } from './promotion-t';
