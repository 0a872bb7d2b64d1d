import { isAgentAccount, type SessionState } from '@platform/shared';
import { MEMBER_CENTER_PAGES, type MemberCenterPage, type ModuleName, type RebateMode } from '@platform/contract';
import { defineCentrePages, type CentrePageProps } from '@platform/ui-blocks';

/** What every member-centre page receives from the overlay. */
export type MemberCenterPageProps = CentrePageProps<MemberCenterPage>;

/**
 * What the menu decides by: the session (the bus's), how the merchant pays the betting rebate, and
 * how many missions the member has and can still progress in or claim from (each null until known),
 * and the merchant's whitelabel switches (the system status's; without them no switched page is listed).
 */
export type MemberCentreContext = SessionState & {
  rebateMode?: RebateMode | null;
  missions?: { total: number; open: number } | null;
  referralEnabled?: boolean | null;
  isOn?: (name: ModuleName) => boolean;
};

/**
 * The pages that exist, by menu key, and the menu: these pages, in the order of MEMBER_CENTER_PAGES,
 * that the session (the bus's) may see. Pages not built yet appear when they are added here.
 * One line a page; each is its own chunk.
 */
export const MEMBER_CENTRE = defineCentrePages<MemberCenterPage, MemberCentreContext>({
  order: MEMBER_CENTER_PAGES,
  // Support questions and feedback (page key feedback): listed while the merchant's FEEDBACK3 switch is on (the server refuses the support calls otherwise).
  switches: { feedback: ['feedback'] },
  isOn: (context, name) => context.isOn?.(name) ?? false,
  pages: {
    messageV2: { load: () => import(/* webpackChunkName: "page-messages" */ '../messages') },
    transferFund: { load: () => import(/* webpackChunkName: "page-transfer-fund" */ '../transfer-fund') },
    transactionHistory: { load: () => import(/* webpackChunkName: "page-transaction-history" */ '../transaction-history') },
    securityCenter: { load: () => import(/* webpackChunkName: "page-security-center" */ '../security-center') },
    depositv2: { load: () => import(/* webpackChunkName: "page-deposit" */ '../deposit') },
    withdraw: { load: () => import(/* webpackChunkName: "page-withdraw" */ '../withdraw') },
    transferUpline: {
      load: () => import(/* webpackChunkName: "page-transfer-upline" */ '../transfer-upline'),
      // Agents (isAgent 1, 2, 41, 42) transfer to their upline; only those that have one.
      visible: (session) => isAgentAccount(session.isAgent) && session.member?.toUpline === '1',
    },
    personalProfit: { load: () => import(/* webpackChunkName: "page-personal-profit" */ '../personal-profit') },
    personalHistoryCopy: { load: () => import(/* webpackChunkName: "page-bet-history" */ '../bet-history') },
    bonusDetails: { load: () => import(/* webpackChunkName: "page-bonus-details" */ '../bonus-details') },
    rewardCenter: { load: () => import(/* webpackChunkName: "page-reward-center" */ '../reward-center') },
    referral: {
      load: () => import(/* webpackChunkName: "page-referral" */ '../referral'),
      // Only while the merchant runs invite-a-friend (the details call says so; without an answer it is not listed).
      visible: (context) => context.referralEnabled === true,
    },
    missionLeaderboard: {
      load: () => import(/* webpackChunkName: "page-missions" */ '../missions'),
      // Only where the merchant runs a mission this member may see (running, or recently ended).
      visible: (context) => (context.missions?.total ?? 0) > 0,
    },
    manualRebate: {
      load: () => import(/* webpackChunkName: "page-manual-rebate" */ '../manual-rebate'),
      // Only where members claim their rebate themselves (the server refuses a claim in mode auto).
      visible: (context) => context.rebateMode === 'manual',
    },
    // VIP ranks: where the merchant has a ladder (the member info then carries the club label).
    benefits: { load: () => import(/* webpackChunkName: "page-vip-benefits" */ '../vip/benefits'), visible: (session) => Boolean(session.member?.clubLabel) },
    benefitsRecords: { load: () => import(/* webpackChunkName: "page-vip-records" */ '../vip/records'), visible: (session) => Boolean(session.member?.clubLabel) },
    playerRank: { load: () => import(/* webpackChunkName: "page-vip-rank" */ '../vip/player-rank'), visible: (session) => Boolean(session.member?.clubLabel) },
    memberRules: { load: () => import(/* webpackChunkName: "page-vip-rules" */ '../vip/member-rules'), visible: (session) => Boolean(session.member?.clubLabel) },
    feedback: { load: () => import(/* webpackChunkName: "page-feedback" */ '../feedback') },
  },
});
