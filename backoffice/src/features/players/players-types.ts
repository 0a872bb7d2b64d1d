// The player lookup's answers (server/src/modules/operator/members.routes.ts), amounts in major units.

export interface MemberHit {
  username: string;
  status: 'active' | 'blocked';
  memberType: number;
  mobile: string | null;
  email: string | null;
  createdAt: number;
  lastLoginAt: number | null;
  matched: 'username' | 'mobile' | 'email' | 'card' | 'address';
}

export interface MemberDetail {
  profile: { username: string; status: string; memberType: number; mobile: string | null; email: string | null; payeeName: string | null; upline: string | null; createdAt: number };
  balances: { account: string; unit: string; balance: number }[];
  cards: { type: string; bankName: string; number: string; payeeName: string; createdAt: number; deletedAt: number | null }[];
  logins: { address: string; type: string; outcome: string; at: number }[];
  linked: { username: string; via: 'address' | 'card'; value: string }[];
  movements: { transactionId: number; kind: string; account: string; unit: string; amount: number; balanceAfter: number | null; orderNo: string | null; remark: string | null; at: number }[];
  /** The last bets, newest placed first: lottery bets (reference: the order number) and game rounds (reference: the round id). */
  bets: { product: 'lottery' | 'game'; gameCode: string; gameName: string; reference: string; stake: number; win: number; status: string; placedAt: number; settledAt: number | null }[];
}

/** An adjustment's amount as the server takes it: positive, two decimals at most, as typed. */
export function adjustmentAmountOf(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,12}(\.\d{1,2})?$/.test(trimmed)) return null;
  const amount = Number(trimmed);
  return amount > 0 ? amount : null;
}

/** The accounts linked to a member, one row per other member with what links them. */
export function linkedByMember(linked: MemberDetail['linked']): { username: string; addresses: string[]; cards: string[] }[] {
  const byName = new Map<string, { username: string; addresses: string[]; cards: string[] }>();
  for (const link of linked) {
    const row = byName.get(link.username) ?? { username: link.username, addresses: [], cards: [] };
    (link.via === 'address' ? row.addresses : row.cards).push(link.value);
    byName.set(link.username, row);
  }
  return [...byName.values()];
}
