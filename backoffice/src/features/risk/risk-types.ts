import type { Query } from '@backoffice/kit';

// The risk reports as the operator API answers them (/ops/v1/risk/…; amounts in major units,
// times in epoch ms), and the queries the filters make of what the analyst typed.

export const RISK_TABS = ['large-wins', 'shared-devices', 'bonus-only', 'agent-chains', 'lottery-liability'] as const;
export type RiskTab = (typeof RISK_TABS)[number];

export const isRiskTab = (value: string | null): value is RiskTab => (RISK_TABS as readonly (string | null)[]).includes(value);

export interface Paged<T> {
  total: number;
  list: T[];
}

export interface LargeWin {
  username: string;
  product: 'lottery' | 'inhouse' | 'vendor';
  gameCode: string;
  gameName: string;
  reference: string;
  stake: number;
  win: number;
  at: number;
}

export interface SharedIdentity {
  kind: 'address' | 'device';
  value: string;
  accountCount: number;
  lastSeenAt: number | null;
  accounts: { username: string; status: 'active' | 'blocked'; lastSeenAt: number | null }[];
}

export interface BonusOnlyRow {
  username: string;
  status: 'active' | 'blocked';
  bonus: number;
  deposits: number;
  withdrawals: number;
  withdrawalsPaid: number;
  withdrawalCount: number;
  lastWithdrawalAt: number;
}

export interface AgentChain {
  username: string;
  status: 'active' | 'blocked';
  contractKind: 'realtime' | 'daily' | 'hourly' | 'dividend';
  endedAt: number;
  downlines: number;
  downlineContracts: number;
  wagesSinceEnd: number;
}

export interface Liability {
  rounds: { gameCode: string; gameName: string; numero: string; closeAt: number; drawAt: number; bets: number; stake: number; liability: number }[];
  numbers: { gameCode: string; numero: string; play: string; row: number; number: number; payout: number }[];
}

/** What the filters of each report hold, as typed (the server checks them and says what is wrong). */
export type Filters = Record<string, string>;

export const DEFAULT_FILTERS: Record<RiskTab, Filters> = {
  'large-wins': { days: '7', minAmount: '' },
  'shared-devices': { days: '7', minAccounts: '2' },
  'bonus-only': { days: '30', maxDeposits: '' },
  'agent-chains': {},
  'lottery-liability': { gameCode: '', numero: '' },
};

/** Rows of a page of the paged reports. */
export const PAGE_SIZE = 50;

/**
 * The query of a report: the filters given (an empty one is left to the server's default, a game
 * code upper-cased as the games are named), and the page for the paged reports. Numbers are sent as
 * typed: a value that is no number is refused by the server with the field named.
 */
export function queryOf(tab: RiskTab, filters: Filters, page: number): Query {
  const query: Query = {};
  for (const [name, value] of Object.entries(filters)) {
    const trimmed = value.trim();
    if (trimmed) query[name] = name === 'gameCode' ? trimmed.toUpperCase() : trimmed;
  }
  if (tab !== 'lottery-liability') {
    query.limit = PAGE_SIZE;
    query.offset = page * PAGE_SIZE;
  }
  return query;
}

/** The Players section opened on a member (it reads ?q= for its search and ?member= for the one shown). */
export const playerLink = (username: string): string => `/players?${new URLSearchParams({ q: username, member: username }).toString()}`;
