// Promotions (the list, a promotion's page, joining, claiming a bonus, promo codes): bonuses paid
// through the ledger with the wagering requirement each asks for.
export { promotionRoutes, type PromotionRoutesOptions } from './promotion.routes';
export { promotionOperatorRoutes } from './promotion.operator-routes';
export { promotionMessages } from './promotion.messages';
export { PROMOTION_HOUSE_ACCOUNT, PROMOTION_KIND } from './promotion.service';
export { createPromotionTakeBackJob, takeBackUnwagered, PROMOTION_TAKE_BACK_KIND } from './promotion.take-back';
export { depositPromotionChooser, type DepositPromotionChoice } from './promotion.deposit-choice';
