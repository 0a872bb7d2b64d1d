import fs from 'node:fs/promises';
import type pg from 'pg';
import type {
  Banner,
  CustomerServiceType,
  GameCategory,
  RegisterFieldRule,
  Resource,
  SiteSettings,
} from '@platform/contract';
import { DEFAULT_SEED_FILE } from '../paths';

/** The readable seed file of one merchant (server/seed/default-merchant.json). */
export interface MerchantSeed {
  merchant: { code: string; name: string; isDefault?: boolean };
  /** Host names that select this merchant. */
  domains: string[];
  settings: {
    site: SiteSettings;
    /** consentRequired: the analytics tag loads only after the visitor agrees. */
    analytics: { gtagId: string | null; consentRequired?: boolean };
    cdn: { imageCDNs: string[]; launchGameCDNs: string[] };
  };
  whitelabel: Record<string, { enabled: '0' | '1'; description?: string; config?: Record<string, unknown> }>;
  registerFields: Record<string, RegisterFieldRule>;
  resources: Resource[];
  customerService: { csType: CustomerServiceType; title: string; type: number; url: string }[];
  /** texts: the title and terms per language (migration 056); title and content are the merchant's own words. */
  promotions: {
    key: string;
    category: string;
    title: string;
    imageUrl: string;
    content?: string;
    texts?: Record<string, { title?: string; content?: string }>;
    rules?: PromotionSeedRules;
  }[];
  /** The merchant's prize wheel (migration 055); amounts in major units. */
  prizeWheel?: PrizeWheelSeed;
  /** The betting rebate (migration 058): how it is paid, and each VIP level's rates in percent of the settled stake. */
  rebate?: { mode: 'manual' | 'auto'; levels: { vipLevel: number; rates: Record<string, number> }[] };
  /** Invite a friend (migration 064): thresholds and rewards in major units, rates in percent. */
  referral?: {
    enabled: boolean;
    minFirstDeposit: number;
    minValidStake: number;
    invitationReward: number;
    depositRate: { level1: number; level2: number };
    betRate: { level1: number; level2: number };
    achievements: { friends: number; bonus: number }[];
  };
  /** VIP ranks (migration 063): the ladder, amounts in major units, names and texts per language. */
  vip?: { levels: VipLevelSeed[] };
  /** Points (migration 061): earning rules per source, the conversion, and the point mall's items; amounts in major units. */
  points?: {
    rules: { source: string; perAmount: number; points: number }[];
    convert: { points: number; amount: number; minPoints: number };
    items: {
      kind: 'credit' | 'bonus' | 'tickets' | 'physical';
      names: Record<string, string>;
      descriptions?: Record<string, string>;
      imageUrl?: string;
      point: number;
      amount?: number;
      wageringMultiple?: number;
      ticketCount?: number;
      stock?: number | null;
      memberLimit?: number | null;
    }[];
  };
  /** Missions (migration 062): a week from the hour the seed runs, amounts in major units, texts per language. */
  missions?: MissionSeed[];
  /** The live chat's quick questions and answers (migration 069), texts per language. */
  chatScripts?: { question: string; answer: string; texts?: Record<string, { question?: string; answer?: string }> }[];
  /** A PROMOTION banner names its promotion by `promotionKey`; the seeder writes the id. */
  banners: { groupName: string; imageUrl: string; linkageType: Banner['linkageType']; linkageValue?: string; promotionKey?: string }[];
  announcements: { type: 'B' | 'PL' | 'PU' | 'PR' | 'H'; title: string; content: string; popup: boolean; publishedHoursAgo: number }[];
  helpCenter: { category: string; title: string; content: string }[];
  vendors: {
    vassalage: string;
    vendorName: string;
    displayNames?: Record<string, string>;
    provider: string;
    gameCategory: GameCategory;
    gameClassify?: string | null;
    isHot?: boolean;
    iconUrl?: string | null;
    colorIconUrl?: string | null;
    accountTypeName?: string | null;
    platforms?: string[];
    enabled?: boolean;
  }[];
  /** Vendors connected to the provider API (migration 030): adapter, session length; secrets are made on first use. */
  gameProviders?: { vassalage: string; adapter: string | null; sessionMinutes?: number; enabled?: boolean }[];
  /** Games of the vendor rows above (migration 029), each under the rows it names. */
  games?: GameSeed[];
  countries: { countryCode: string; dialingCode: string; name: string }[];
  domainRoutes: string[];
  maintenanceWindows: { startsAt: string; endsAt: string | null; reason: string }[];
  regionRules: { kind: 'country' | 'ip' | 'cidr'; value: string; note?: string }[];
  remotes: { name: string; entryUrl: string | null; version?: string | null; enabled: boolean }[];
}

/** What a seeded promotion pays and asks (migration 053); amounts in major units. */
interface PromotionSeedRules {
  trigger: 'registration' | 'first_deposit' | 'deposit' | 'promo_code' | 'sign_in' | 'bet_volume' | 'net_loss' | 'application' | 'issued';
  reward:
    | { kind: 'fixed'; amount: number }
    | { kind: 'percent'; percent: number; cap?: number }
    | { kind: 'streak'; streak: number[] }
    | { kind: 'tickets'; tickets: number };
  /** daily: a bonus per merchant day (migration 057). */
  repeat?: 'once' | 'daily';
  minBet?: number;
  minLoss?: number;
  minDeposit?: number;
  wagering: { multiplier: number; includesDeposit: boolean; withinDays?: number };
  claimWindowHours?: number;
  newPlayerDays?: number;
  requires?: ('mobile_verified' | 'bank_card' | 'real_name')[];
  onePerPerson?: boolean;
  promoCode?: string;
  /** The VIP levels it is for (migration 066); none: every level. */
  vipLevels?: number[];
}

/** A prize wheel: its segments in wheel order; a cash segment names its amount. */
interface PrizeWheelSeed {
  name: string;
  enabled?: boolean;
  segments: { label: string; prize: 'cash' | 'none' | 'physical'; amount?: number; weight: number }[];
}

/** A mission as the seed file gives it: it runs `days` from the hour the seed runs. */
interface MissionSeed {
  name: string;
  days: number;
  leaderboardMetric: 'stake' | 'deposits' | 'wins' | null;
  texts: Record<string, { title?: string; description?: string; rules?: string }>;
  milestones: { kind: 'stake' | 'deposits' | 'wins' | 'sign_ins' | 'variety'; target: number; reward: { amount?: number; tickets?: number; wageringMultiplier?: number } }[];
  prizes: { rank: number; amount: number; wageringMultiplier?: number }[];
}

/** Major units to minor (an exact cent amount: 8.88 → 888). */
const minorOf = (major: number | undefined): number | null => (major === undefined ? null : Math.round(major * 100));

/** A VIP level as the seed file gives it (major units; 0 or absent: not asked, not paid). */
interface VipLevelSeed {
  level: number;
  names: Record<string, string>;
  clubLabel: string;
  color: string;
  color2: string;
  reach?: { monthlyTurnover?: number; monthlyDeposit?: number; totalTurnover?: number; totalDeposit?: number };
  keep?: { monthlyTurnover?: number; monthlyDeposit?: number };
  upgradeBonus?: number;
  upgradeWageringMultiplier?: number;
  monthlySalary?: number;
  salaryWageringMultiplier?: number;
  /** Withdrawals a day beyond the merchant's daily count, free ones beyond its free ones, first in the review queue (migration 067). */
  withdrawDailyCountExtra?: number;
  withdrawFreeExtra?: number;
  withdrawPriority?: boolean;
  withdrawalTexts?: Record<string, string>;
  benefitTexts?: Record<string, string>;
}

/** A game of the seed: one `game` row under each vendor row it names (category + vassalage). */
export interface GameSeed {
  gameCode: string;
  name: string;
  displayNames?: Record<string, string>;
  vendors: { vassalage: string; gameCategory: GameCategory }[];
  gameClassify?: string | null;
  minBetMinor: number;
  lineNum?: number | null;
  isHot?: boolean;
  isNew?: boolean;
  trialEnabled?: boolean;
  iconUrl?: string | null;
  platforms?: string[];
  enabled?: boolean;
  /** PVP rooms: written only under an enabled vendor row. */
  rooms?: { roomCode: string; name: string; minBetMinor: number; maxBetMinor?: number | null }[];
}

/** Serialises seeding across processes starting at once (same idea as migrations). */
const SEED_LOCK_KEY = 7_402_118_002;

export async function readSeedFile(file: string = DEFAULT_SEED_FILE): Promise<MerchantSeed> {
  return JSON.parse(await fs.readFile(file, 'utf8')) as MerchantSeed;
}

async function insertMerchantRows(client: pg.PoolClient, seed: MerchantSeed): Promise<number> {
  const merchant = await client.query<{ id: number }>(
    'INSERT INTO merchant (code, name, is_default) VALUES ($1, $2, $3) RETURNING id',
    [seed.merchant.code, seed.merchant.name, seed.merchant.isDefault ?? false],
  );
  const id = merchant.rows[0].id;

  for (const domain of seed.domains) {
    await client.query('INSERT INTO merchant_domain (domain, merchant_id) VALUES ($1, $2)', [domain.toLowerCase(), id]);
  }
  for (const [key, value] of Object.entries(seed.settings)) {
    await client.query('INSERT INTO merchant_setting (merchant_id, key, value) VALUES ($1, $2, $3)', [id, key, JSON.stringify(value)]);
  }
  for (const [moduleId, module] of Object.entries(seed.whitelabel)) {
    await client.query('INSERT INTO whitelabel_module (merchant_id, module_id, enabled, config) VALUES ($1, $2, $3, $4)', [
      id,
      moduleId,
      module.enabled === '1',
      module.config ? JSON.stringify(module.config) : null,
    ]);
  }
  let order = 0;
  for (const [field, rule] of Object.entries(seed.registerFields)) {
    await client.query(
      `INSERT INTO register_field_rule
         (merchant_id, field, accepted_pattern, pattern_id, min_length, max_length, enabled, required, type, sort_order)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [id, field, rule.acceptedPattern, rule.patternId, rule.minLength, rule.maxLength, rule.enabled, rule.required, rule.type, order++],
    );
  }
  order = 0;
  for (const resource of seed.resources) {
    await client.query(
      'INSERT INTO resource (merchant_id, resource_type, label_name_en, url, qr_code_url, sort_order) VALUES ($1, $2, $3, $4, $5, $6)',
      [id, resource.resourceType, resource.labelNameEn, resource.url, resource.qrCodeUrl, order++],
    );
  }
  order = 0;
  for (const service of seed.customerService) {
    await client.query(
      'INSERT INTO customer_service (merchant_id, cs_type, title, type, url, sort_order) VALUES ($1, $2, $3, $4, $5, $6)',
      [id, service.csType, service.title, service.type, service.url, order++],
    );
  }
  const promotionIds = new Map<string, number>();
  // A database migrated only part of the way has none of the daily and decided triggers (migration
  // 057): their promotions stay to read there.
  const periods = await client.query<{ present: boolean }>(
    "SELECT EXISTS (SELECT 1 FROM information_schema.columns WHERE table_name = 'promotion' AND column_name = 'repeat') AS present",
  );
  const hasPeriods = periods.rows[0].present;
  const audience = await client.query<{ present: boolean }>(
    "SELECT EXISTS (SELECT 1 FROM information_schema.columns WHERE table_name = 'promotion' AND column_name = 'audience_vip_levels') AS present",
  );
  const hasAudience = audience.rows[0].present;
  order = 0;
  for (const promotion of seed.promotions) {
    const inserted = await client.query<{ id: number }>(
      `INSERT INTO promotion (merchant_id, category, title, image_url, content, sort_order)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [id, promotion.category, promotion.title, promotion.imageUrl, promotion.content ?? '', order++],
    );
    promotionIds.set(promotion.key, inserted.rows[0].id);
    if (promotion.texts) await client.query('UPDATE promotion SET texts = $2 WHERE id = $1', [inserted.rows[0].id, JSON.stringify(promotion.texts)]);
    const rules = promotion.rules;
    const needsPeriods = rules !== undefined && (rules.repeat === 'daily' || !['registration', 'first_deposit', 'deposit', 'promo_code'].includes(rules.trigger));
    if (rules && (hasPeriods || !needsPeriods)) {
      const requires = rules.requires ?? [];
      const columns: Record<string, unknown> = {
        trigger: rules.trigger,
        reward_kind: rules.reward.kind,
        reward_fixed_minor: rules.reward.kind === 'fixed' ? minorOf(rules.reward.amount) : null,
        reward_basis_points: rules.reward.kind === 'percent' ? Math.round(rules.reward.percent * 100) : null,
        reward_cap_minor: rules.reward.kind === 'percent' ? minorOf(rules.reward.cap) : null,
        min_deposit_minor: minorOf(rules.minDeposit),
        wagering_multiplier_x100: Math.round(rules.wagering.multiplier * 100),
        wagering_includes_deposit: rules.wagering.includesDeposit,
        wager_within_days: rules.wagering.withinDays ?? null,
        claim_window_hours: rules.claimWindowHours ?? null,
        new_player_days: rules.newPlayerDays ?? null,
        requires_mobile_verified: requires.includes('mobile_verified'),
        requires_bank_card: requires.includes('bank_card'),
        requires_real_name: requires.includes('real_name'),
        one_per_person: rules.onePerPerson ?? false,
        promo_code: rules.promoCode ?? null,
      };
      if (hasPeriods) {
        Object.assign(columns, {
          repeat: rules.repeat ?? (['sign_in', 'bet_volume', 'net_loss'].includes(rules.trigger) ? 'daily' : 'once'),
          sign_in_rewards_minor: rules.reward.kind === 'streak' ? rules.reward.streak.map((amount) => minorOf(amount)) : null,
          reward_tickets: rules.reward.kind === 'tickets' ? rules.reward.tickets : null,
          min_bet_minor: minorOf(rules.minBet),
          min_loss_minor: minorOf(rules.minLoss),
        });
      }
      if (hasAudience && rules.vipLevels) columns.audience_vip_levels = rules.vipLevels;
      // One statement: the table's checks hold for the rules as a whole, not column by column.
      const names = Object.keys(columns);
      await client.query(
        `UPDATE promotion SET ${names.map((name, index) => `${name} = $${index + 2}`).join(', ')} WHERE id = $1`,
        [inserted.rows[0].id, ...Object.values(columns)],
      );
    }
  }
  // A database migrated only part of the way (the migration tests seed one that old) has no
  // prize wheel yet (migration 055).
  const wheelTable = await client.query<{ present: boolean }>("SELECT to_regclass('prize_wheel') IS NOT NULL AS present");
  if (seed.prizeWheel && wheelTable.rows[0].present) {
    const wheel = await client.query<{ id: number }>('INSERT INTO prize_wheel (merchant_id, name, enabled) VALUES ($1, $2, $3) RETURNING id', [
      id,
      seed.prizeWheel.name,
      seed.prizeWheel.enabled ?? true,
    ]);
    order = 0;
    for (const segment of seed.prizeWheel.segments) {
      await client.query(
        'INSERT INTO prize_wheel_segment (wheel_id, position, label, prize_kind, amount_minor, weight) VALUES ($1, $2, $3, $4, $5, $6)',
        [wheel.rows[0].id, order++, segment.label, segment.prize, segment.prize === 'cash' ? minorOf(segment.amount) : null, segment.weight],
      );
    }
  }
  // As the prize wheel: a database migrated only part of the way has no points tables yet (migration 061).
  const pointsTable = await client.query<{ present: boolean }>("SELECT to_regclass('point_item') IS NOT NULL AS present");
  if (seed.points && pointsTable.rows[0].present) {
    const points = seed.points;
    await client.query(
      'INSERT INTO point_setting (merchant_id, convert_points, convert_amount_minor, convert_min_points, updated_at) VALUES ($1, $2, $3, $4, now())',
      [id, points.convert.points, minorOf(points.convert.amount), points.convert.minPoints],
    );
    for (const rule of points.rules) {
      await client.query('INSERT INTO point_earn_rule (merchant_id, source, per_amount_minor, points) VALUES ($1, $2, $3, $4)', [id, rule.source, minorOf(rule.perAmount), rule.points]);
    }
    let position = 0;
    for (const item of points.items) {
      await client.query(
        `INSERT INTO point_item (merchant_id, kind, names, descriptions, image_url, price_points, amount_minor, wagering_multiple, ticket_count,
                                 stock, member_limit, position, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, now(), now())`,
        [id, item.kind, JSON.stringify(item.names), JSON.stringify(item.descriptions ?? {}), item.imageUrl ?? null, item.point, minorOf(item.amount),
          item.kind === 'bonus' ? (item.wageringMultiple ?? 1) : null, item.kind === 'tickets' ? (item.ticketCount ?? 1) : null, item.stock ?? null, item.memberLimit ?? null, position++],
      );
    }
  }
  // As the prize wheel: a database migrated only part of the way has no rebate tables yet (migration 058).
  const rebateTable = await client.query<{ present: boolean }>("SELECT to_regclass('rebate_setting') IS NOT NULL AS present");
  if (seed.rebate && rebateTable.rows[0].present) {
    await client.query('INSERT INTO rebate_setting (merchant_id, mode, updated_at) VALUES ($1, $2, now())', [id, seed.rebate.mode]);
    for (const level of seed.rebate.levels) {
      for (const [category, percent] of Object.entries(level.rates)) {
        await client.query('INSERT INTO rebate_rate (merchant_id, vip_level, category, rate_bp) VALUES ($1, $2, $3, $4)', [id, level.vipLevel, category, Math.round(percent * 100)]);
      }
    }
  }
  // As the rebate: a database migrated only part of the way has no mission tables yet (migration 062).
  const missionTable = await client.query<{ present: boolean }>("SELECT to_regclass('mission') IS NOT NULL AS present");
  if (seed.missions && missionTable.rows[0].present) {
    for (const mission of seed.missions) {
      const inserted = await client.query<{ id: number }>(
        `INSERT INTO mission (merchant_id, name, texts, starts_at, ends_at, leaderboard_metric, created_at, updated_at)
         VALUES ($1, $2, $3, date_trunc('hour', now()), date_trunc('hour', now()) + make_interval(days => $4), $5, now(), now()) RETURNING id`,
        [id, mission.name, JSON.stringify(mission.texts), mission.days, mission.leaderboardMetric],
      );
      const missionId = inserted.rows[0].id;
      for (const [index, milestone] of mission.milestones.entries()) {
        const money = ['stake', 'deposits', 'wins'].includes(milestone.kind);
        await client.query(
          `INSERT INTO mission_milestone (mission_id, kind, target, reward_kind, reward_minor, reward_tickets, wagering_multiplier_x100, sort_order)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
          [missionId, milestone.kind, money ? minorOf(milestone.target) : milestone.target, milestone.reward.amount !== undefined ? 'money' : 'tickets',
            minorOf(milestone.reward.amount), milestone.reward.tickets ?? null, Math.round((milestone.reward.wageringMultiplier ?? 1) * 100), index],
        );
      }
      for (const prize of mission.prizes) {
        await client.query('INSERT INTO mission_leaderboard_prize (mission_id, rank, amount_minor, wagering_multiplier_x100) VALUES ($1, $2, $3, $4)', [
          missionId, prize.rank, minorOf(prize.amount), Math.round((prize.wageringMultiplier ?? 1) * 100),
        ]);
      }
    }
  }
  // As the rebate: a database migrated only part of the way has no VIP tables yet (migration 063).
  const vipTable = await client.query<{ present: boolean }>("SELECT to_regclass('vip_level') IS NOT NULL AS present");
  // As the promotion's periods: a database migrated only up to 063 has levels without their withdrawal perks (migration 067).
  const vipPerks = await client.query<{ present: boolean }>(
    "SELECT EXISTS (SELECT 1 FROM information_schema.columns WHERE table_name = 'vip_level' AND column_name = 'withdraw_priority') AS present",
  );
  if (seed.vip && vipTable.rows[0].present) {
    for (const level of seed.vip.levels) {
      const minor = (major: number | undefined) => minorOf(major) ?? 0;
      await client.query(
        `INSERT INTO vip_level (merchant_id, level, names, club_label, color, color2, reach_month_turnover_minor, reach_month_deposit_minor,
                                reach_total_turnover_minor, reach_total_deposit_minor, keep_month_turnover_minor, keep_month_deposit_minor,
                                upgrade_bonus_minor, upgrade_wagering_x100, monthly_salary_minor, salary_wagering_x100, withdrawal_texts, benefit_texts, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, now())`,
        [id, level.level, JSON.stringify(level.names), level.clubLabel, level.color, level.color2, minor(level.reach?.monthlyTurnover), minor(level.reach?.monthlyDeposit),
          minor(level.reach?.totalTurnover), minor(level.reach?.totalDeposit), minor(level.keep?.monthlyTurnover), minor(level.keep?.monthlyDeposit),
          minor(level.upgradeBonus), Math.round((level.upgradeWageringMultiplier ?? 1) * 100), minor(level.monthlySalary), Math.round((level.salaryWageringMultiplier ?? 1) * 100),
          JSON.stringify(level.withdrawalTexts ?? {}), JSON.stringify(level.benefitTexts ?? {})],
      );
      if (vipPerks.rows[0].present) {
        await client.query(
          'UPDATE vip_level SET withdraw_daily_count_extra = $3, withdraw_free_extra = $4, withdraw_priority = $5 WHERE merchant_id = $1 AND level = $2',
          [id, level.level, level.withdrawDailyCountExtra ?? 0, level.withdrawFreeExtra ?? 0, level.withdrawPriority ?? false],
        );
      }
    }
  }
  // As the rebate: a database migrated only part of the way has no referral tables yet (migration 064).
  const referralTable = await client.query<{ present: boolean }>("SELECT to_regclass('referral_setting') IS NOT NULL AS present");
  if (seed.referral && referralTable.rows[0].present) {
    const referral = seed.referral;
    await client.query(
      `INSERT INTO referral_setting (merchant_id, enabled, min_first_deposit_minor, min_valid_stake_minor, invitation_reward_minor,
                                     deposit_rate_l1_bp, deposit_rate_l2_bp, bet_rate_l1_bp, bet_rate_l2_bp, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, now())`,
      [id, referral.enabled, minorOf(referral.minFirstDeposit), minorOf(referral.minValidStake), minorOf(referral.invitationReward),
        Math.round(referral.depositRate.level1 * 100), Math.round(referral.depositRate.level2 * 100), Math.round(referral.betRate.level1 * 100), Math.round(referral.betRate.level2 * 100)],
    );
    for (const achievement of referral.achievements) {
      await client.query('INSERT INTO referral_achievement (merchant_id, friends, bonus_minor) VALUES ($1, $2, $3)', [id, achievement.friends, minorOf(achievement.bonus)]);
    }
  }
  // As the rebate: a database migrated only part of the way has no chat tables yet (migration 069).
  const chatTable = await client.query<{ present: boolean }>("SELECT to_regclass('chat_script') IS NOT NULL AS present");
  if (seed.chatScripts && chatTable.rows[0].present) {
    for (const [position, script] of seed.chatScripts.entries()) {
      await client.query('INSERT INTO chat_script (merchant_id, position, question, answer, texts, updated_at) VALUES ($1, $2, $3, $4, $5, now())', [
        id,
        position,
        script.question,
        script.answer,
        JSON.stringify(script.texts ?? {}),
      ]);
    }
  }
  order = 0;
  for (const banner of seed.banners) {
    let linkageValue = banner.linkageValue ?? null;
    if (banner.promotionKey !== undefined) {
      const promotionId = promotionIds.get(banner.promotionKey);
      if (promotionId === undefined) throw new Error(`Banner refers to unknown promotion "${banner.promotionKey}"`);
      linkageValue = String(promotionId);
    }
    await client.query(
      `INSERT INTO banner (merchant_id, group_name, image_url, linkage_type, linkage_value, sort_order)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [id, banner.groupName, banner.imageUrl, banner.linkageType, linkageValue, order++],
    );
  }
  for (const announcement of seed.announcements) {
    await client.query(
      `INSERT INTO announcement (merchant_id, type, title, content, popup, published_at)
       VALUES ($1, $2, $3, $4, $5, now() - make_interval(hours => $6))`,
      [id, announcement.type, announcement.title, announcement.content, announcement.popup, announcement.publishedHoursAgo],
    );
  }
  order = 0;
  for (const article of seed.helpCenter) {
    await client.query(
      'INSERT INTO help_article (merchant_id, category, title, content, sort_order) VALUES ($1, $2, $3, $4, $5)',
      [id, article.category, article.title, article.content, order++],
    );
  }
  order = 0;
  for (const vendor of seed.vendors) {
    await client.query(
      `INSERT INTO game_vendor
         (merchant_id, vassalage, vendor_name, display_names, provider, game_category, game_classify, is_hot,
          icon_url, color_icon_url, account_type_name, platforms, enabled, sort_order)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, COALESCE($12::text[], ARRAY['html5-desktop', 'html5']), $13, $14)`,
      [
        id,
        vendor.vassalage,
        vendor.vendorName,
        JSON.stringify(vendor.displayNames ?? {}),
        vendor.provider,
        vendor.gameCategory,
        vendor.gameClassify ?? null,
        vendor.isHot ?? false,
        vendor.iconUrl ?? null,
        vendor.colorIconUrl ?? null,
        vendor.accountTypeName ?? null,
        vendor.platforms ?? null,
        vendor.enabled ?? true,
        order++,
      ],
    );
  }
  for (const provider of seed.gameProviders ?? []) {
    await client.query(
      'INSERT INTO game_provider (merchant_id, vassalage, adapter, session_minutes, enabled) VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING',
      [id, provider.vassalage, provider.adapter, provider.sessionMinutes ?? 480, provider.enabled ?? true],
    );
  }
  order = 0;
  for (const game of seed.games ?? []) {
    for (const ref of game.vendors) {
      const vendor = await client.query<{ id: number; enabled: boolean }>(
        'SELECT id, enabled FROM game_vendor WHERE merchant_id = $1 AND game_category = $2 AND vassalage = $3',
        [id, ref.gameCategory, ref.vassalage],
      );
      if (!vendor.rowCount) throw new Error(`Game ${game.gameCode} names unknown vendor ${ref.gameCategory}/${ref.vassalage}`);
      const inserted = await client.query<{ id: number }>(
        `INSERT INTO game
           (merchant_id, game_vendor_id, game_code, name, display_names, game_classify, min_bet_minor, line_num, is_hot,
            is_new, trial_enabled, icon_url, platforms, enabled, sort_order, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, COALESCE($13::text[], ARRAY['html5-desktop', 'html5']), $14, $15, now())
         RETURNING id`,
        [
          id,
          vendor.rows[0].id,
          game.gameCode,
          game.name,
          JSON.stringify(game.displayNames ?? {}),
          game.gameClassify ?? null,
          game.minBetMinor,
          game.lineNum ?? null,
          game.isHot ?? false,
          game.isNew ?? false,
          game.trialEnabled ?? false,
          game.iconUrl ?? null,
          game.platforms ?? null,
          game.enabled ?? true,
          order++,
        ],
      );
      if (!vendor.rows[0].enabled) continue;
      let roomOrder = 0;
      for (const room of game.rooms ?? []) {
        await client.query(
          'INSERT INTO game_room (game_id, room_code, name, min_bet_minor, max_bet_minor, sort_order) VALUES ($1, $2, $3, $4, $5, $6)',
          [inserted.rows[0].id, room.roomCode, room.name, room.minBetMinor, room.maxBetMinor ?? null, roomOrder++],
        );
      }
    }
  }
  order = 0;
  for (const country of seed.countries) {
    await client.query(
      'INSERT INTO country (merchant_id, country_code, dialing_code, name, sort_order) VALUES ($1, $2, $3, $4, $5)',
      [id, country.countryCode, country.dialingCode, country.name, order++],
    );
  }
  order = 0;
  for (const domain of seed.domainRoutes) {
    await client.query('INSERT INTO domain_route (merchant_id, domain, sort_order) VALUES ($1, $2, $3)', [id, domain, order++]);
  }
  for (const window of seed.maintenanceWindows) {
    await client.query('INSERT INTO maintenance_window (merchant_id, starts_at, ends_at, reason) VALUES ($1, $2, $3, $4)', [
      id,
      window.startsAt,
      window.endsAt,
      window.reason,
    ]);
  }
  for (const rule of seed.regionRules) {
    await client.query('INSERT INTO region_rule (merchant_id, kind, value, note) VALUES ($1, $2, $3, $4)', [
      id,
      rule.kind,
      rule.value,
      rule.note ?? '',
    ]);
  }
  for (const remote of seed.remotes) {
    await client.query('INSERT INTO remote_registry (merchant_id, name, entry_url, version, enabled) VALUES ($1, $2, $3, $4, $5)', [
      id,
      remote.name,
      remote.entryUrl,
      remote.version ?? null,
      remote.enabled,
    ]);
  }
  // The lottery games every merchant starts with (migration 039). A database migrated only part
  // of the way (the migration tests seed one that old) has no lottery yet.
  const lottery = await client.query<{ present: boolean }>("SELECT to_regprocedure('lottery_insert_default_games(integer)') IS NOT NULL AS present");
  if (lottery.rows[0].present) await client.query('SELECT lottery_insert_default_games($1)', [id]);
  return id;
}

/**
 * Inserts one merchant and everything it owns, in one transaction, unless a merchant with that
 * code exists. Returns the new merchant id, or undefined when nothing was done.
 */
export async function seedMerchant(pool: pg.Pool, seed: MerchantSeed): Promise<number | undefined> {
  return seedUnderLock(pool, async (client) => {
    const existing = await client.query('SELECT 1 FROM merchant WHERE code = $1', [seed.merchant.code]);
    return existing.rowCount ? undefined : insertMerchantRows(client, seed);
  });
}

/**
 * First start: when there is no merchant at all, creates the default one from the seed file.
 * Later starts change nothing, so operator edits (even deleting seeded rows) survive restarts.
 */
export async function seedDefaultMerchant(pool: pg.Pool, file: string = DEFAULT_SEED_FILE): Promise<boolean> {
  const seed = await readSeedFile(file);
  const created = await seedUnderLock(pool, async (client) => {
    const anyMerchant = await client.query('SELECT 1 FROM merchant LIMIT 1');
    return anyMerchant.rowCount ? undefined : insertMerchantRows(client, seed);
  });
  return created !== undefined;
}

async function seedUnderLock<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    // Transaction-scoped: released by COMMIT/ROLLBACK, so it can never leak into the pool.
    await client.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK_KEY]);
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
