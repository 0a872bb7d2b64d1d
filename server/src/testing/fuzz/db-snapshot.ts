import type pg from 'pg';

// "Bad input changes nothing", checked on the database itself: every table's row count and the
// digest of its rows, and the ledger's balance and posting sums, before and after. The tables
// below are the only exceptions, each because a refused request is meant to write there.

/** Tables a refused request legitimately adds rows to (not compared at all). */
export const TABLES_BAD_REQUESTS_WRITE: Readonly<Record<string, string>> = {
  captcha_challenge: 'GET /wps/captcha stores every challenge it draws, for any caller (its answer is checked later)',
  login_attempt: 'every login attempt is recorded, failed ones above all (brute-force detection, the audit of sign-ins)',
  auth_throttle: 'failed logins and refused codes count against the account and the address (the per-account and per-IP limits)',
  bot_check_suspect: "a lock those failures set in auth_throttle is remembered by its trigger, so the bot check is asked of that subject for a while (migration 035)",
  request_nonce: "a decrypted body's nonce is claimed before the request is judged, so that body can never be sent again (replay protection)",
  referral_code: "a member's invitation code is made the first time any referral call asks for it (once; the same code ever after)",
};

/** Columns a refused request legitimately changes (the rest of their rows is compared). */
export const COLUMNS_BAD_REQUESTS_MOVE: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  member_session: {
    last_seen_at: 'moves on every request made with a live token',
    idle_expires_at: "moves with it (the session's idle timeout slides)",
  },
};

export interface DatabaseSnapshot {
  /** table → "rows digest" (digest only for tables whose content is compared). */
  tables: Record<string, string>;
  /** Sum of all ledger balances and of all postings (both always 0 per merchant, but compared as read). */
  ledger: string;
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

const snapshotQueries = new WeakMap<pg.Pool, Promise<string>>();

/** One query reading every table of the current schema but the exempt ones (the list read once per pool). */
async function snapshotQuery(db: pg.Pool): Promise<string> {
  const listed = await db.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  const tables = listed.rows
    .map((row) => row.name)
    .filter((name) => !(name in TABLES_BAD_REQUESTS_WRITE))
    .map((name) => {
      const moving = Object.keys(COLUMNS_BAD_REQUESTS_MOVE[name] ?? {}).map((column) => ` - '${column.replaceAll("'", "''")}'`);
      const row = `(to_jsonb(x)${moving.join('')})::text`;
      const digest = `md5(coalesce(string_agg(${row}, '|' ORDER BY ${row}), ''))`;
      return `SELECT '${name.replaceAll("'", "''")}' AS name, count(*)::text || ' ' || ${digest} AS state FROM ${quote(name)} x`;
    });
  const ledger = `SELECT '(ledger)' AS name,
      'balances ' || (SELECT coalesce(sum(balance_minor), 0) FROM ledger_account)
      || ', postings moved ' || (SELECT coalesce(sum(abs(amount_minor)), 0) FROM ledger_posting)
      || ', accounts ' || coalesce((SELECT string_agg(id || ':' || balance_minor, ',' ORDER BY id) FROM ledger_account), 'none') AS state`;
  return [...tables, ledger].join(' UNION ALL ');
}

/** Reads every table of the current schema but the exempt ones, and the ledger's sums. */
export async function snapshotDatabase(db: pg.Pool): Promise<DatabaseSnapshot> {
  let query = snapshotQueries.get(db);
  if (!query) snapshotQueries.set(db, (query = snapshotQuery(db)));
  const result = await db.query<{ name: string; state: string }>(await query);
  const tables = Object.fromEntries(result.rows.map((row) => [row.name, row.state]));
  const ledger = tables['(ledger)'];
  delete tables['(ledger)'];
  return { tables, ledger };
}

/** What changed between two snapshots, one line per table ("" when nothing did). */
export function databaseChanges(before: DatabaseSnapshot, after: DatabaseSnapshot): string[] {
  const changes: string[] = [];
  for (const name of new Set([...Object.keys(before.tables), ...Object.keys(after.tables)])) {
    const [rowsBefore, digestBefore] = (before.tables[name] ?? '- -').split(' ');
    const [rowsAfter, digestAfter] = (after.tables[name] ?? '- -').split(' ');
    if (rowsBefore !== rowsAfter) changes.push(`${name}: ${rowsBefore} rows → ${rowsAfter}`);
    else if (digestBefore !== digestAfter) changes.push(`${name}: rows changed (same count ${rowsAfter})`);
  }
  if (before.ledger !== after.ledger) changes.push(`ledger: ${before.ledger} → ${after.ledger}`);
  return changes;
}
