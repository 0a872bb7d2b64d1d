// The betting rebate: a share of each member's settled stakes per product category and VIP level,
// counted per closed day and paid through the ledger once, claimed by the member or by a job.
export { rebateRoutes, type RebateRoutesOptions } from './rebate.routes';
export { rebateOperatorRoutes } from './rebate.operator-routes';
export { rebateMessages } from './rebate.messages';
export { createRebateJob, type RebateJobOptions } from './rebate.job';
export { globalRebateSettings, payAutoRebates, REBATE_HOUSE_ACCOUNT, REBATE_KIND, type AutoRunResult } from './rebate.service';
export { GAME_CATEGORY_REBATE } from './rebate.queries';
