// The Promotions section's rows as the operator API answers them (server/src/modules/promotion/
// promotion.operator-routes.ts), the promotion form's draft and the pure steps between them: what
// the server would refuse, checked before sending; the body to send; a promotion's texts in a
// player's language, as the site picks them.

/** The languages a promotion keeps its own title and terms in (the server's `texts`). */
export const PROMOTION_LANGUAGES = ['EN', 'CN', 'BN', 'ID', 'TH', 'TY', 'VI'] as const;
export type PromotionLanguage = (typeof PROMOTION_LANGUAGES)[number];

export const CATEGORIES = ['new_player', 'limited', 'special_offer', 'daily', 'high_rebate', 'vip'] as const;
/** 'none': a promotion to read only (no reward; `rules: null`). */
export const TRIGGERS = ['none', 'registration', 'first_deposit', 'deposit', 'promo_code', 'sign_in', 'bet_volume', 'net_loss', 'application', 'issued'] as const;
export type Trigger = (typeof TRIGGERS)[number];
export const REWARD_KINDS = ['fixed', 'percent', 'streak', 'tickets', 'points'] as const;
export type RewardKind = (typeof REWARD_KINDS)[number];
export const REQUIREMENTS = ['mobile_verified', 'bank_card', 'real_name'] as const;
export type Requirement = (typeof REQUIREMENTS)[number];
/** Triggers that pay at most once a day whatever is asked (the server's columnsOf). */
const DAILY_TRIGGERS: readonly Trigger[] = ['sign_in', 'bet_volume', 'net_loss'];

export interface Audience {
  vipLevels: number[] | null;
  labels: string[] | null;
}

/** A row of GET /promotions. */
export interface PromotionSummary {
  id: number;
  title: string;
  category: string;
  trigger: string;
  enabled: boolean;
  promoCode: string | null;
  startTime: number | null;
  endTime: number | null;
  joined: number;
  claimed: number;
  takenBack: number;
  cost: number;
  audience: Audience;
}

export interface Rules {
  trigger: Exclude<Trigger, 'none'>;
  repeat?: 'once' | 'daily';
  reward: { kind: RewardKind; amount?: number; percent?: number; cap?: number; streak?: number[]; tickets?: number; points?: number };
  minDeposit?: number;
  minBet?: number;
  minLoss?: number;
  wagering: { multiplier: number; includesDeposit?: boolean; withinDays?: number };
  claimWindowHours?: number;
  newPlayerDays?: number;
  requires?: Requirement[];
  onePerPerson?: boolean;
  promoCode?: string;
}

export type Texts = Partial<Record<PromotionLanguage, { title?: string; content?: string }>>;

/** GET /promotions/:id: the fields POST /promotions(/:id) takes. */
export interface PromotionDetail {
  id: number;
  enabled: boolean;
  category: string;
  title: string;
  imageUrl: string;
  content: string;
  startTime: number | null;
  endTime: number | null;
  sortOrder: number;
  texts: Texts;
  rules: Rules | null;
  audience: Audience;
}

/** A row of GET /promotions/applications. */
export interface ApplicationRow {
  claimId: number;
  promotionId: number;
  promotionTitle: string;
  username: string;
  state: 'applying' | 'claimed' | 'rejected' | string;
  comment: string;
  imageCount: number;
  appliedAt: number;
  reviewedAt: number | null;
  reviewedBy: string | null;
  rejectReason: string | null;
}

/** Whether a promotion is shown to players now, paused, waiting for its start or over. */
export type PromotionState = 'paused' | 'scheduled' | 'running' | 'ended';
export function promotionState(promotion: Pick<PromotionSummary, 'enabled' | 'startTime' | 'endTime'>, nowMs: number): PromotionState {
  if (!promotion.enabled) return 'paused';
  if (promotion.startTime !== null && promotion.startTime > nowMs) return 'scheduled';
  if (promotion.endTime !== null && promotion.endTime <= nowMs) return 'ended';
  return 'running';
}

/** The promotions a search and filters keep: the title, code or id holding `search`. */
export function filterPromotions(list: readonly PromotionSummary[], { search, state, category }: { search: string; state: PromotionState | ''; category: string }, nowMs: number): PromotionSummary[] {
  const words = search.trim().toLowerCase();
  return list.filter(
    (row) =>
      (!words || row.title.toLowerCase().includes(words) || (row.promoCode ?? '').toLowerCase().includes(words) || String(row.id) === words) &&
      (!state || promotionState(row, nowMs) === state) &&
      (!category || row.category === category),
  );
}

const pad = (value: number) => String(value).padStart(2, '0');

/** An instant as a datetime-local input shows it, in the browser's time zone (to the minute); '' for none. */
export function toLocalInput(epochMs: number | null | undefined): string {
  if (epochMs === null || epochMs === undefined) return '';
  const date = new Date(epochMs);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A datetime-local input's value as an instant in the browser's time zone; null when empty or not a time. */
export function fromLocalInput(value: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number);
  const date = new Date(year, month - 1, day, hour, minute);
  return date.getMonth() === month - 1 && date.getDate() === day ? date.getTime() : null;
}

/** The form's fields, as typed (numbers too: a half-typed one is kept as it is). */
export interface PromotionDraft {
  category: string;
  title: string;
  imageUrl: string;
  content: string;
  sortOrder: string;
  startTime: string;
  endTime: string;
  enabled: boolean;
  texts: Record<PromotionLanguage, { title: string; content: string }>;
  trigger: Trigger;
  repeat: 'once' | 'daily';
  rewardKind: RewardKind;
  amount: string;
  percent: string;
  cap: string;
  /** Day 1 first, separated by commas or spaces. */
  streak: string;
  tickets: string;
  points: string;
  minDeposit: string;
  minBet: string;
  minLoss: string;
  multiplier: string;
  includesDeposit: boolean;
  withinDays: string;
  claimWindowHours: string;
  newPlayerDays: string;
  requires: Requirement[];
  onePerPerson: boolean;
  promoCode: string;
  /** Separated by commas; empty: every level. */
  vipLevels: string;
  /** Separated by commas; empty: no label needed. */
  labels: string;
}

const noTexts = () => Object.fromEntries(PROMOTION_LANGUAGES.map((language) => [language, { title: '', content: '' }])) as PromotionDraft['texts'];
const text = (value: number | undefined | null) => (value === undefined || value === null ? '' : String(value));

export const emptyPromotionDraft = (): PromotionDraft => ({
  category: 'limited',
  title: '',
  imageUrl: '',
  content: '',
  sortOrder: '0',
  startTime: '',
  endTime: '',
  enabled: true,
  texts: noTexts(),
  trigger: 'none',
  repeat: 'once',
  rewardKind: 'fixed',
  amount: '',
  percent: '',
  cap: '',
  streak: '',
  tickets: '',
  points: '',
  minDeposit: '',
  minBet: '',
  minLoss: '',
  multiplier: '1',
  includesDeposit: false,
  withinDays: '',
  claimWindowHours: '',
  newPlayerDays: '',
  requires: [],
  onePerPerson: false,
  promoCode: '',
  vipLevels: '',
  labels: '',
});

export function promotionDraftOf(detail: PromotionDetail): PromotionDraft {
  const texts = noTexts();
  for (const language of PROMOTION_LANGUAGES) texts[language] = { title: detail.texts[language]?.title ?? '', content: detail.texts[language]?.content ?? '' };
  const rules = detail.rules;
  return {
    ...emptyPromotionDraft(),
    category: detail.category,
    title: detail.title,
    imageUrl: detail.imageUrl,
    content: detail.content,
    sortOrder: String(detail.sortOrder),
    startTime: toLocalInput(detail.startTime),
    endTime: toLocalInput(detail.endTime),
    enabled: detail.enabled,
    texts,
    vipLevels: (detail.audience.vipLevels ?? []).join(', '),
    labels: (detail.audience.labels ?? []).join(', '),
    ...(rules && {
      trigger: rules.trigger,
      repeat: rules.repeat ?? 'once',
      rewardKind: rules.reward.kind,
      amount: text(rules.reward.amount),
      percent: text(rules.reward.percent),
      cap: text(rules.reward.cap),
      streak: (rules.reward.streak ?? []).join(', '),
      tickets: text(rules.reward.tickets),
      points: text(rules.reward.points),
      minDeposit: text(rules.minDeposit),
      minBet: text(rules.minBet),
      minLoss: text(rules.minLoss),
      multiplier: text(rules.wagering.multiplier),
      includesDeposit: rules.wagering.includesDeposit ?? false,
      withinDays: text(rules.wagering.withinDays),
      claimWindowHours: text(rules.claimWindowHours),
      newPlayerDays: text(rules.newPlayerDays),
      requires: rules.requires ?? [],
      onePerPerson: rules.onePerPerson ?? false,
      promoCode: rules.promoCode ?? '',
    }),
  };
}

/** A problem the server would refuse the draft for: the field and the message key (with its values). */
export interface DraftProblem {
  field: string;
  key: string;
  values?: Record<string, string | number>;
}

const MAX_MONEY = 100_000_000;
const list = (value: string) => value.split(/[\s,]+/).filter(Boolean);
/** At most two decimals, checked on the text typed (binary floating point cannot tell). */
const hasCents = (value: string) => /^\d+(\.\d{1,2})?$/.test(value.trim());

/**
 * The problems the server's schema and checks would refuse the draft for, each with its field;
 * none: the body may be sent (the database still checks the rules as a whole, and its refusal is
 * shown in the server's words).
 */
export function draftProblems(draft: PromotionDraft): DraftProblem[] {
  const problems: DraftProblem[] = [];
  const need = (field: string, key: string, values?: DraftProblem['values']) => problems.push({ field, key, values });
  const money = (field: string, value: string, required: boolean) => {
    if (!value.trim()) {
      if (required) need(field, 'required');
      return;
    }
    if (!hasCents(value) || Number(value) < 0.01 || Number(value) > MAX_MONEY) need(field, 'money', { max: MAX_MONEY });
  };
  const whole = (field: string, value: string, min: number, max: number, required = false) => {
    if (!value.trim()) {
      if (required) need(field, 'required');
      return;
    }
    if (!/^\d+$/.test(value.trim()) || Number(value) < min || Number(value) > max) need(field, 'whole', { min, max });
  };
  if (!draft.title.trim()) need('title', 'required');
  else if (draft.title.trim().length > 200) need('title', 'tooLong', { max: 200 });
  if (!draft.imageUrl.trim()) need('imageUrl', 'required');
  else if (draft.imageUrl.trim().length > 500) need('imageUrl', 'tooLong', { max: 500 });
  if (draft.content.length > 20000) need('content', 'tooLong', { max: 20000 });
  for (const language of PROMOTION_LANGUAGES) {
    if (draft.texts[language].title.trim().length > 200) need(`texts.${language}.title`, 'tooLong', { max: 200 });
    if (draft.texts[language].content.length > 20000) need(`texts.${language}.content`, 'tooLong', { max: 20000 });
  }
  whole('sortOrder', draft.sortOrder, 0, 100000, true);
  if (draft.startTime && fromLocalInput(draft.startTime) === null) need('startTime', 'time');
  if (draft.endTime && fromLocalInput(draft.endTime) === null) need('endTime', 'time');
  const start = fromLocalInput(draft.startTime);
  const end = fromLocalInput(draft.endTime);
  if (start !== null && end !== null && end <= start) need('endTime', 'endBeforeStart');
  for (const level of list(draft.vipLevels)) if (!/^\d+$/.test(level) || Number(level) > 20) need('vipLevels', 'vipLevels');
  if (list(draft.vipLevels).length !== new Set(list(draft.vipLevels).map(Number)).size) need('vipLevels', 'duplicates');
  const labels = draft.labels.split(',').map((label) => label.trim()).filter(Boolean);
  if (labels.some((label) => label.length > 40) || labels.length > 50) need('labels', 'labels');
  if (labels.length !== new Set(labels).size) need('labels', 'duplicates');
  if (draft.trigger === 'none') return problems;

  const kind = draft.rewardKind;
  if (kind === 'fixed') money('amount', draft.amount, true);
  if (kind === 'percent') {
    if (!draft.percent.trim()) need('percent', 'required');
    else if (!hasCents(draft.percent) || Number(draft.percent) < 0.01 || Number(draft.percent) > 1000) need('percent', 'percent');
    money('cap', draft.cap, false);
  }
  if (kind === 'streak') {
    const days = list(draft.streak);
    if (days.length === 0) need('streak', 'required');
    else if (days.length > 31 || days.some((day) => !hasCents(day) || Number(day) < 0.01 || Number(day) > MAX_MONEY)) need('streak', 'streak');
  }
  if (kind === 'tickets') whole('tickets', draft.tickets, 1, 100, true);
  if (kind === 'points') whole('points', draft.points, 1, 1_000_000, true);
  money('minDeposit', draft.minDeposit, false);
  money('minBet', draft.minBet, false);
  money('minLoss', draft.minLoss, false);
  if (!draft.multiplier.trim()) need('multiplier', 'required');
  else if (!hasCents(draft.multiplier) || Number(draft.multiplier) > 1000) need('multiplier', 'multiplier');
  whole('withinDays', draft.withinDays, 1, 3650);
  whole('claimWindowHours', draft.claimWindowHours, 1, 87600);
  whole('newPlayerDays', draft.newPlayerDays, 1, 3650);
  if (draft.trigger === 'promo_code' && !draft.promoCode.trim()) need('promoCode', 'required');
  if (draft.promoCode.trim() && !/^[A-Za-z0-9]{4,20}$/.test(draft.promoCode.trim())) need('promoCode', 'promoCode');
  return problems;
}

const number = (value: string) => (value.trim() ? Number(value.trim()) : undefined);

/** The rules of a draft as the server takes them; null for a promotion to read only. */
export function rulesOf(draft: PromotionDraft): Rules | null {
  if (draft.trigger === 'none') return null;
  const reward: Rules['reward'] = { kind: draft.rewardKind };
  if (draft.rewardKind === 'fixed') reward.amount = number(draft.amount);
  if (draft.rewardKind === 'percent') {
    reward.percent = number(draft.percent);
    if (number(draft.cap) !== undefined) reward.cap = number(draft.cap);
  }
  if (draft.rewardKind === 'streak') reward.streak = list(draft.streak).map(Number);
  if (draft.rewardKind === 'tickets') reward.tickets = number(draft.tickets);
  if (draft.rewardKind === 'points') reward.points = number(draft.points);
  const rules: Rules = {
    trigger: draft.trigger,
    // Sign-in, betting and loss rewards are daily whatever is asked: the server is not asked otherwise.
    repeat: DAILY_TRIGGERS.includes(draft.trigger) ? 'daily' : draft.repeat,
    reward,
    wagering: { multiplier: Number(draft.multiplier.trim() || '0'), includesDeposit: draft.includesDeposit },
    requires: REQUIREMENTS.filter((requirement) => draft.requires.includes(requirement)),
    onePerPerson: draft.onePerPerson,
  };
  const withinDays = number(draft.withinDays);
  if (withinDays !== undefined) rules.wagering.withinDays = withinDays;
  const optional = { minDeposit: draft.minDeposit, minBet: draft.minBet, minLoss: draft.minLoss, claimWindowHours: draft.claimWindowHours, newPlayerDays: draft.newPlayerDays } as const;
  for (const [key, value] of Object.entries(optional) as [keyof typeof optional, string][]) {
    const parsed = number(value);
    if (parsed !== undefined) rules[key] = parsed;
  }
  if (draft.promoCode.trim()) rules.promoCode = draft.promoCode.trim().toUpperCase();
  return rules;
}

/** The languages with a title or terms of their own (the others show the promotion's own words). */
export function textsOf(draft: PromotionDraft): Texts {
  const texts: Texts = {};
  for (const language of PROMOTION_LANGUAGES) {
    const title = draft.texts[language].title.trim();
    const content = draft.texts[language].content;
    if (title || content.trim()) texts[language] = { ...(title && { title }), ...(content.trim() && { content }) };
  }
  return texts;
}

/**
 * The body of POST /promotions (stored undefined) or POST /promotions/:id (every field: the
 * server replaces the rules and texts as a whole). Its times go only when set, or changed since
 * loaded: the inputs hold minutes, and sending an unchanged time back would drop its seconds.
 */
export function promotionBody(draft: PromotionDraft, stored?: PromotionDetail): Record<string, unknown> {
  const levels = list(draft.vipLevels).map(Number);
  const labels = draft.labels.split(',').map((label) => label.trim()).filter(Boolean);
  const body: Record<string, unknown> = {
    category: draft.category,
    title: draft.title.trim(),
    imageUrl: draft.imageUrl.trim(),
    content: draft.content,
    sortOrder: Number(draft.sortOrder.trim()),
    texts: textsOf(draft),
    rules: rulesOf(draft),
    audience: { vipLevels: levels.length ? levels : null, labels: labels.length ? labels : null },
  };
  if (!stored) body.enabled = draft.enabled;
  const initial = stored ? promotionDraftOf(stored) : emptyPromotionDraft();
  if (draft.startTime !== initial.startTime) body.startTime = fromLocalInput(draft.startTime);
  if (draft.endTime !== initial.endTime) body.endTime = fromLocalInput(draft.endTime);
  return body;
}

/** A promotion's title and terms in a player's language, as the site picks them (promotion.service's textsIn). */
export function textsIn(promotion: { title: string; content: string; texts: Texts }, language: PromotionLanguage): { title: string; content: string; own: boolean } {
  const own = promotion.texts[language];
  return { title: own?.title || promotion.title, content: own?.content || promotion.content, own: Boolean(own?.title || own?.content) };
}

const BLOCKS = new Set(['P', 'DIV', 'LI', 'BR', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'TR', 'UL', 'OL', 'TABLE', 'SECTION', 'BLOCKQUOTE']);

/**
 * The terms' words as text: the HTML parsed into an inert document (nothing in it runs or loads),
 * its text kept with a line break after each block, and scripts and styles dropped. The back
 * office has no HTML sanitizer of its own, so its preview shows the words, never the markup run.
 */
export function htmlToText(html: string): string {
  if (!html.trim()) return '';
  const parsed = new DOMParser().parseFromString(html, 'text/html');
  const out: string[] = [];
  const walk = (node: Node) => {
    if (node.nodeType === Node.TEXT_NODE) out.push((node.textContent ?? '').replace(/\s+/g, ' '));
    if (node.nodeType !== Node.ELEMENT_NODE) return;
    const element = node as Element;
    if (['SCRIPT', 'STYLE', 'TEMPLATE', 'NOSCRIPT'].includes(element.tagName)) return;
    if (element.tagName === 'LI') out.push('• ');
    element.childNodes.forEach(walk);
    if (BLOCKS.has(element.tagName)) out.push('\n');
  };
  parsed.body.childNodes.forEach(walk);
  return out
    .join('')
    .split('\n')
    .map((line) => line.trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
