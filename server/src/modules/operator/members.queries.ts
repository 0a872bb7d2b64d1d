import { GUEST_MEMBER_TYPE } from '@platform/contract';
import type { Db } from '../../db/pool';

// SQL of the back office's player lookup (members.routes.ts): reads only, each kept to the
// operator's merchant.

export interface MemberHit {
  username: string;
  status: 'active' | 'blocked';
  member_type: number;
  mobile_e164: string | null;
  email: string | null;
  created_at: Date;
  last_login_at: Date | null;
  /** What the query matched: username, mobile, email, card or address. */
  matched: string;
}

/** `%` and `_` taken literally in a LIKE pattern. */
const likeLiteral = (text: string): string => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/**
 * Members whose name starts with `query` (any case), whose mobile number holds its digits (four or
 * more), whose e-mail is it, who bound a card or wallet with that number, or who logged in from
 * that address. Real accounts and agents, not free-play guests. By name.
 */
export async function searchMembers(db: Db, merchantId: number, query: string, limit: number): Promise<MemberHit[]> {
  const digits = query.replace(/[^0-9]/g, '');
  const result = await db.query<MemberHit>(
    `SELECT m.username, m.status, m.member_type, m.mobile_e164, m.email, m.created_at,
            (SELECT max(l.created_at) FROM login_attempt l WHERE l.member_id = m.id AND l.outcome = 'ok') AS last_login_at,
            CASE WHEN lower(m.username) LIKE lower($2) || '%' THEN 'username'
                 WHEN $3 <> '' AND m.mobile_e164 LIKE '%' || $3 || '%' THEN 'mobile'
                 WHEN lower(m.email) = lower($4) THEN 'email'
                 WHEN EXISTS (SELECT 1 FROM withdraw_card c WHERE c.merchant_id = m.merchant_id AND c.member_id = m.id AND c.card_number = $4) THEN 'card'
                 ELSE 'address' END AS matched
       FROM member m
      WHERE m.merchant_id = $1 AND m.member_type <> $5
        AND (lower(m.username) LIKE lower($2) || '%'
             OR ($3 <> '' AND m.mobile_e164 LIKE '%' || $3 || '%')
             OR lower(m.email) = lower($4)
             OR m.id IN (SELECT c.member_id FROM withdraw_card c WHERE c.merchant_id = $1 AND c.card_number = $4)
             OR m.id IN (SELECT l.member_id FROM login_attempt l WHERE l.merchant_id = $1 AND l.client_ip = $4 AND l.outcome = 'ok' AND l.member_id IS NOT NULL))
      ORDER BY lower(m.username)
      LIMIT $6`,
    [merchantId, likeLiteral(query), digits.length >= 4 ? digits : '', query, GUEST_MEMBER_TYPE, limit],
  );
  return result.rows;
}

export interface MemberProfileRow {
  id: number;
  username: string;
  status: 'active' | 'blocked';
  member_type: number;
  mobile_e164: string | null;
  email: string | null;
  payee_name: string | null;
  upline: string | null;
  created_at: Date;
}

export async function selectMemberProfile(db: Db, merchantId: number, username: string): Promise<MemberProfileRow | undefined> {
  const result = await db.query<MemberProfileRow>(
    `SELECT m.id::float8 AS id, m.username, m.status, m.member_type, m.mobile_e164, m.email, m.payee_name, u.username AS upline, m.created_at
       FROM member m LEFT JOIN member u ON u.id = m.upline_id
      WHERE m.merchant_id = $1 AND lower(m.username) = lower($2) AND m.member_type <> $3`,
    [merchantId, username, GUEST_MEMBER_TYPE],
  );
  return result.rows[0];
}

export async function selectBalances(db: Db, memberId: number): Promise<{ kind: string; unit: string; balance_minor: string }[]> {
  const result = await db.query<{ kind: string; unit: string; balance_minor: string }>(
    'SELECT kind, unit, balance_minor::text AS balance_minor FROM ledger_account WHERE member_id = $1 ORDER BY kind, unit',
    [memberId],
  );
  return result.rows;
}

export async function selectCards(db: Db, memberId: number): Promise<{ card_type: string; bank_name: string; card_number: string; payee_name: string; created_at: Date; deleted_at: Date | null }[]> {
  const result = await db.query<{ card_type: string; bank_name: string; card_number: string; payee_name: string; created_at: Date; deleted_at: Date | null }>(
    'SELECT card_type, bank_name, card_number, payee_name, created_at, deleted_at FROM withdraw_card WHERE member_id = $1 ORDER BY created_at DESC LIMIT 20',
    [memberId],
  );
  return result.rows;
}

/** The member's last logins, successful or not (by name, as attempts are kept). */
export async function selectLogins(db: Db, merchantId: number, username: string, limit: number): Promise<{ client_ip: string; login_type: string; outcome: string; created_at: Date }[]> {
  const result = await db.query<{ client_ip: string; login_type: string; outcome: string; created_at: Date }>(
    `SELECT client_ip, login_type, outcome, created_at FROM login_attempt
      WHERE merchant_id = $1 AND lower(username) = lower($2) ORDER BY created_at DESC LIMIT $3`,
    [merchantId, username, limit],
  );
  return result.rows;
}

/**
 * Other members of the merchant who logged in from an address this member logged in from, or who
 * bound a card with a number this member bound: what multi-accounting looks like.
 */
export async function selectLinkedAccounts(db: Db, merchantId: number, memberId: number, limit: number): Promise<{ username: string; via: 'address' | 'card'; value: string }[]> {
  const result = await db.query<{ username: string; via: 'address' | 'card'; value: string }>(
    `SELECT username, via, value FROM (
       SELECT DISTINCT o.username, 'address' AS via, theirs.client_ip AS value
         FROM login_attempt mine
         JOIN login_attempt theirs ON theirs.merchant_id = mine.merchant_id AND theirs.client_ip = mine.client_ip AND theirs.outcome = 'ok'
                                  AND theirs.member_id IS NOT NULL AND theirs.member_id <> mine.member_id
         JOIN member o ON o.id = theirs.member_id
        WHERE mine.merchant_id = $1 AND mine.member_id = $2 AND mine.outcome = 'ok'
       UNION
       SELECT DISTINCT o.username, 'card', theirs.card_number
         FROM withdraw_card mine
         JOIN withdraw_card theirs ON theirs.merchant_id = mine.merchant_id AND theirs.card_number = mine.card_number AND theirs.member_id <> mine.member_id
         JOIN member o ON o.id = theirs.member_id
        WHERE mine.merchant_id = $1 AND mine.member_id = $2
     ) linked
     ORDER BY via, username, value
     LIMIT $3`,
    [merchantId, memberId, limit],
  );
  return result.rows;
}

/** The member's last money movements (every account of theirs), newest first. */
export async function selectMovements(db: Db, memberId: number, limit: number): Promise<{ transaction_id: number; kind: string; unit: string; account_kind: string; amount_minor: string; balance_after_minor: string | null; order_no: string | null; remark: string | null; created_at: Date }[]> {
  const result = await db.query<{ transaction_id: number; kind: string; unit: string; account_kind: string; amount_minor: string; balance_after_minor: string | null; order_no: string | null; remark: string | null; created_at: Date }>(
    `SELECT t.id::float8 AS transaction_id, t.kind, a.unit, a.kind AS account_kind, p.amount_minor::text AS amount_minor,
            p.balance_after_minor::text AS balance_after_minor, t.order_no, t.remark, t.created_at
       FROM ledger_posting p
       JOIN ledger_account a ON a.id = p.account_id
       JOIN ledger_transaction t ON t.id = p.transaction_id
      WHERE a.member_id = $1
      ORDER BY p.id DESC
      LIMIT $2`,
    [memberId, limit],
  );
  return result.rows;
}

export interface MemberBetRow {
  product: 'lottery' | 'game';
  game_code: string;
  game_name: string;
  reference: string;
  stake_minor: string;
  win_minor: string;
  status: string;
  placed_at: Date;
  settled_at: Date | null;
}

/**
 * The member's last bets, open or settled, across the lottery (one row per bet of an order) and the
 * games (one row per round, free play apart), newest placed first. Each side is cut to the limit on
 * its own index (member, time) before the two are merged.
 */
export async function selectBets(db: Db, merchantId: number, memberId: number, limit: number): Promise<MemberBetRow[]> {
  const result = await db.query<MemberBetRow>(
    `SELECT * FROM (
       (SELECT 'lottery'::text AS product, g.game_code, g.name AS game_name, o.order_no AS reference, b.amount_minor::text AS stake_minor,
               b.prize_minor::text AS win_minor, lottery_bet_state(b.state, r.state) AS status, b.created_at AS placed_at,
               COALESCE(b.settled_at, r.settled_at) AS settled_at, b.id
          FROM lottery_bet b
          JOIN lottery_round r ON r.id = b.round_id
          JOIN lottery_order o ON o.id = b.order_id
          JOIN lottery_game g ON g.id = o.game_id
         WHERE b.member_id = $2 AND b.merchant_id = $1
         ORDER BY b.created_at DESC, b.id DESC
         LIMIT $3)
       UNION ALL
       (SELECT 'game'::text, r.game_code, r.game_name, r.vendor_round_id, r.bet_minor::text, r.win_minor::text, r.status, r.started_at, r.ended_at, r.id
          FROM game_round r
         WHERE r.member_id = $2 AND r.merchant_id = $1 AND NOT r.trial
         ORDER BY r.started_at DESC, r.id DESC
         LIMIT $3)
     ) bets
     ORDER BY placed_at DESC, product, id DESC
     LIMIT $3`,
    [merchantId, memberId, limit],
  );
  return result.rows;
}
