// VIP ranks and benefits: a ladder of levels per merchant, each member's level decided at month
// end from settled activity, and the benefits of a level (upgrade bonus, monthly salary, the
// level's rebate rates, VIP customer service) claimed through the ledger once; the level's
// withdrawal perks reach the withdrawal module through vipWithdrawalPerks (wired by app.ts).
export { vipRoutes, type VipRoutesOptions } from './vip.routes';
export { vipOperatorRoutes } from './vip.operator-routes';
export { vipMessages } from './vip.messages';
export { createVipMonthEndJob, type VipJobOptions } from './vip.job';
export { decideLevel, runMonthEnd, runDueMonthEnds, MONTH_CLOSE_GRACE_MS, type MonthEndResult } from './vip.month-end';
export { memberBadge, vipWithdrawalPerks, VIP_HOUSE_ACCOUNT, VIP_SALARY_KIND, VIP_UPGRADE_KIND, type RebateRatesOf } from './vip.service';
export { memberVipLevelSql } from './vip.queries';
