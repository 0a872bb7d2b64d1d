// The loyalty settings as the operator API answers them (server/src/modules/rebate/
// rebate.operator-routes.ts, server/src/modules/vip/vip.operator-routes.ts), their forms' drafts
// and the pure steps between them: what the server would refuse, checked before sending, and the
// bodies to send.
import { REBATE_CATEGORIES, REBATE_MODES, VIP_LANGUAGES, VIP_WITHDRAW_EXTRA_MAX } from '@platform/contract';

export { REBATE_CATEGORIES, REBATE_MODES, VIP_LANGUAGES };
export type RebateCategory = (typeof REBATE_CATEGORIES)[number];
export type RebateMode = (typeof REBATE_MODES)[number];
export type VipLanguage = (typeof VIP_LANGUAGES)[number];

export interface RebateSettings {
  mode: RebateMode;
  rates: { vipLevel: number; category: RebateCategory; percent: number }[];
}

/** The rate grid as typed: `${vipLevel}:${category}` → the percent ('' for none). */
export type RateGrid = Record<string, string>;
export const rateKey = (vipLevel: number, category: string) => `${vipLevel}:${category}`;

export function rateGridOf(settings: RebateSettings): RateGrid {
  return Object.fromEntries(settings.rates.map((rate) => [rateKey(rate.vipLevel, rate.category), String(rate.percent)]));
}

/** The levels the grid has rows for: those the settings name and those of the VIP ladder, lowest first. */
export const rebateLevels = (settings: RebateSettings, ladder: readonly number[]): number[] => [...new Set([0, ...ladder, ...settings.rates.map((rate) => rate.vipLevel)])].sort((a, b) => a - b);

/** A percent of the stake the server takes: 0 to 10, two decimals at most. */
export const isRebatePercent = (value: string) => /^\d+(\.\d{1,2})?$/.test(value.trim()) && Number(value) <= 10;

/** The cells the server would refuse. */
export const rateProblems = (grid: RateGrid): string[] => Object.entries(grid).filter(([, value]) => value.trim() !== '' && !isRebatePercent(value)).map(([key]) => key);

/**
 * The body of PUT /rebate/settings: the mode and every rate typed or stored (each replaces its
 * level and category; a cell emptied keeps its rate, which the server has no way to remove, so it
 * is sent as it was).
 */
export function rebateBody(mode: RebateMode, grid: RateGrid, stored: RebateSettings): RebateSettings {
  const rates = new Map(stored.rates.map((rate) => [rateKey(rate.vipLevel, rate.category), rate]));
  for (const [key, value] of Object.entries(grid)) {
    if (!value.trim()) continue;
    const [level, category] = key.split(':');
    rates.set(key, { vipLevel: Number(level), category: category as RebateCategory, percent: Number(value.trim()) });
  }
  return { mode, rates: [...rates.values()].sort((a, b) => a.vipLevel - b.vipLevel || a.category.localeCompare(b.category)) };
}

type Texts = Partial<Record<VipLanguage, string>>;

/** A level of GET /vip/levels (amounts in major units). */
export interface VipLevel {
  level: number;
  names: Texts;
  clubLabel: string;
  color: string;
  color2: string;
  reach: { monthlyTurnover: number; monthlyDeposit: number; totalTurnover: number; totalDeposit: number };
  keep: { monthlyTurnover: number; monthlyDeposit: number };
  upgradeBonus: number;
  upgradeWageringMultiplier: number;
  monthlySalary: number;
  salaryWageringMultiplier: number;
  withdrawDailyCountExtra: number;
  withdrawFreeExtra: number;
  withdrawPriority: boolean;
  withdrawalTexts: Texts;
  benefitTexts: Texts;
}

export const VIP_MONEY = ['reachMonthlyTurnover', 'reachMonthlyDeposit', 'reachTotalTurnover', 'reachTotalDeposit', 'keepMonthlyTurnover', 'keepMonthlyDeposit', 'upgradeBonus', 'monthlySalary'] as const;
export const VIP_MULTIPLIERS = ['upgradeWageringMultiplier', 'salaryWageringMultiplier'] as const;
export const VIP_COUNTS = ['withdrawDailyCountExtra', 'withdrawFreeExtra'] as const;
type MoneyField = (typeof VIP_MONEY)[number];
type MultiplierField = (typeof VIP_MULTIPLIERS)[number];
type CountField = (typeof VIP_COUNTS)[number];

export type VipDraft = Record<MoneyField | MultiplierField | CountField, string> & {
  clubLabel: string;
  color: string;
  color2: string;
  withdrawPriority: boolean;
  names: Record<VipLanguage, string>;
};

const names = (texts: Texts = {}) => Object.fromEntries(VIP_LANGUAGES.map((language) => [language, texts[language] ?? ''])) as Record<VipLanguage, string>;

export const emptyVipDraft = (): VipDraft => ({
  clubLabel: '', color: '', color2: '', withdrawPriority: false, names: names(),
  reachMonthlyTurnover: '0', reachMonthlyDeposit: '0', reachTotalTurnover: '0', reachTotalDeposit: '0', keepMonthlyTurnover: '0', keepMonthlyDeposit: '0',
  upgradeBonus: '0', monthlySalary: '0', upgradeWageringMultiplier: '0', salaryWageringMultiplier: '0', withdrawDailyCountExtra: '0', withdrawFreeExtra: '0',
});

export const vipDraftOf = (level: VipLevel): VipDraft => ({
  clubLabel: level.clubLabel, color: level.color, color2: level.color2, withdrawPriority: level.withdrawPriority, names: names(level.names),
  reachMonthlyTurnover: String(level.reach.monthlyTurnover), reachMonthlyDeposit: String(level.reach.monthlyDeposit),
  reachTotalTurnover: String(level.reach.totalTurnover), reachTotalDeposit: String(level.reach.totalDeposit),
  keepMonthlyTurnover: String(level.keep.monthlyTurnover), keepMonthlyDeposit: String(level.keep.monthlyDeposit),
  upgradeBonus: String(level.upgradeBonus), monthlySalary: String(level.monthlySalary),
  upgradeWageringMultiplier: String(level.upgradeWageringMultiplier), salaryWageringMultiplier: String(level.salaryWageringMultiplier),
  withdrawDailyCountExtra: String(level.withdrawDailyCountExtra), withdrawFreeExtra: String(level.withdrawFreeExtra),
});

const cents = (value: string) => /^\d+(\.\d{1,2})?$/.test(value.trim());

/** The fields the server would refuse (with the message key), level 0's rules among them. */
export function vipProblems(draft: VipDraft, level: number): { field: string; key: string }[] {
  const problems: { field: string; key: string }[] = [];
  if (!draft.clubLabel.trim()) problems.push({ field: 'clubLabel', key: 'required' });
  else if (draft.clubLabel.trim().length > 40) problems.push({ field: 'clubLabel', key: 'tooLong' });
  for (const field of ['color', 'color2'] as const) if (!/^#[0-9a-fA-F]{6}$/.test(draft[field].trim())) problems.push({ field, key: 'color' });
  for (const field of VIP_MONEY) if (!cents(draft[field]) || Number(draft[field]) > 1_000_000_000) problems.push({ field, key: 'money' });
  for (const field of VIP_MULTIPLIERS) if (!cents(draft[field]) || Number(draft[field]) > 100) problems.push({ field, key: 'multiplier' });
  for (const field of VIP_COUNTS) if (!/^\d+$/.test(draft[field].trim()) || Number(draft[field]) > VIP_WITHDRAW_EXTRA_MAX) problems.push({ field, key: 'count' });
  for (const language of VIP_LANGUAGES) if (draft.names[language].length > 500) problems.push({ field: `names.${language}`, key: 'tooLong' });
  if (level === 0) {
    // The entry level has no requirements nor withdrawal perks (the server's operator.vip.invalid).
    const asks = [...VIP_MONEY.filter((field) => field.startsWith('reach') || field.startsWith('keep')), ...VIP_COUNTS].some((field) => Number(draft[field]) > 0) || draft.withdrawPriority;
    if (asks) problems.push({ field: 'level', key: 'levelZero' });
  }
  return problems;
}

/** The body of PUT /vip/levels/:level: every field of the form (names only those written). */
export function vipBody(draft: VipDraft) {
  const number = (value: string) => Number(value.trim());
  return {
    names: Object.fromEntries(VIP_LANGUAGES.filter((language) => draft.names[language].trim()).map((language) => [language, draft.names[language].trim()])),
    clubLabel: draft.clubLabel.trim(),
    color: draft.color.trim(),
    color2: draft.color2.trim(),
    reach: {
      monthlyTurnover: number(draft.reachMonthlyTurnover),
      monthlyDeposit: number(draft.reachMonthlyDeposit),
      totalTurnover: number(draft.reachTotalTurnover),
      totalDeposit: number(draft.reachTotalDeposit),
    },
    keep: { monthlyTurnover: number(draft.keepMonthlyTurnover), monthlyDeposit: number(draft.keepMonthlyDeposit) },
    upgradeBonus: number(draft.upgradeBonus),
    upgradeWageringMultiplier: number(draft.upgradeWageringMultiplier),
    monthlySalary: number(draft.monthlySalary),
    salaryWageringMultiplier: number(draft.salaryWageringMultiplier),
    withdrawDailyCountExtra: number(draft.withdrawDailyCountExtra),
    withdrawFreeExtra: number(draft.withdrawFreeExtra),
    withdrawPriority: draft.withdrawPriority,
  };
}

/** GET /referral/settings (amounts in major units, rates in percent). */
export interface ReferralSettings {
  enabled: boolean;
  minFirstDeposit: number;
  minValidStake: number;
  invitationReward: number;
  depositRateLevel1: number;
  depositRateLevel2: number;
  betRateLevel1: number;
  betRateLevel2: number;
  checkAddress: boolean;
  mainDomain: string | null;
  achievements: { configId?: number; friends: number; bonus: number }[];
}

export const REFERRAL_MONEY = ['minFirstDeposit', 'minValidStake', 'invitationReward'] as const;
export const REFERRAL_RATES = ['depositRateLevel1', 'depositRateLevel2', 'betRateLevel1', 'betRateLevel2'] as const;

export type ReferralDraft = Record<(typeof REFERRAL_MONEY)[number] | (typeof REFERRAL_RATES)[number], string> & {
  enabled: boolean;
  checkAddress: boolean;
  mainDomain: string;
  achievements: { friends: string; bonus: string }[];
};

export const referralDraftOf = (settings: ReferralSettings): ReferralDraft => ({
  enabled: settings.enabled,
  checkAddress: settings.checkAddress,
  mainDomain: settings.mainDomain ?? '',
  ...(Object.fromEntries([...REFERRAL_MONEY, ...REFERRAL_RATES].map((field) => [field, String(settings[field])])) as Record<(typeof REFERRAL_MONEY)[number] | (typeof REFERRAL_RATES)[number], string>),
  achievements: settings.achievements.map((achievement) => ({ friends: String(achievement.friends), bonus: String(achievement.bonus) })),
});

/** The fields the server would refuse: `achievements.N.friends` for an achievement's. */
export function referralProblems(draft: ReferralDraft): { field: string; key: string }[] {
  const problems: { field: string; key: string }[] = [];
  for (const field of REFERRAL_MONEY) if (!cents(draft[field]) || Number(draft[field]) > 100_000_000) problems.push({ field, key: 'money' });
  for (const field of REFERRAL_RATES) if (!cents(draft[field]) || Number(draft[field]) > 10) problems.push({ field, key: 'rate' });
  if (draft.mainDomain.trim() && !/^[A-Za-z0-9.-]{1,253}(:[0-9]{1,5})?$/.test(draft.mainDomain.trim())) problems.push({ field: 'mainDomain', key: 'domain' });
  if (draft.achievements.length > 50) problems.push({ field: 'achievements', key: 'tooMany' });
  const friends = new Set<number>();
  draft.achievements.forEach((achievement, index) => {
    const count = Number(achievement.friends.trim());
    if (!/^\d+$/.test(achievement.friends.trim()) || count < 1 || count > 100000) problems.push({ field: `achievements.${index}.friends`, key: 'friends' });
    else if (friends.has(count)) problems.push({ field: `achievements.${index}.friends`, key: 'duplicate' });
    friends.add(count);
    if (!cents(achievement.bonus) || Number(achievement.bonus) <= 0 || Number(achievement.bonus) > 100_000_000) problems.push({ field: `achievements.${index}.bonus`, key: 'bonus' });
  });
  return problems;
}

/** The body of PUT /referral/settings: every field (the achievements as a whole, fewest friends first). */
export function referralBody(draft: ReferralDraft): Omit<ReferralSettings, 'achievements'> & { achievements: { friends: number; bonus: number }[] } {
  const number = (value: string) => Number(value.trim());
  return {
    enabled: draft.enabled,
    checkAddress: draft.checkAddress,
    mainDomain: draft.mainDomain.trim() || null,
    minFirstDeposit: number(draft.minFirstDeposit),
    minValidStake: number(draft.minValidStake),
    invitationReward: number(draft.invitationReward),
    depositRateLevel1: number(draft.depositRateLevel1),
    depositRateLevel2: number(draft.depositRateLevel2),
    betRateLevel1: number(draft.betRateLevel1),
    betRateLevel2: number(draft.betRateLevel2),
    achievements: draft.achievements.map((achievement) => ({ friends: number(achievement.friends), bonus: number(achievement.bonus) })).sort((a, b) => a.friends - b.friends),
  };
}
