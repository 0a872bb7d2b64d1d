// The operator's command-line tool: `npm run ops -w server -- <command> …` (after
// `npm run build -w server`), or `node server/dist/scripts/ops.js <command> …`. Every command but
// create-operator goes through the operator API (/ops/v1) of a running site, so it is
// authenticated, checked and audited exactly like any other operator client.
//
//   create-operator --merchant CODE --username NAME --role ROLE
//                                                     a new operator (straight to the database, as
//                                                     its owner: the first operator has nobody to
//                                                     let them in); password from OPS_PASSWORD;
//                                                     prints the authenticator secret to enrol
//   enrol-totp --merchant CODE --username NAME        a new authenticator secret (database, as owner)
//   login --merchant CODE --username NAME --otp CODE  prints a token for OPS_TOKEN (8 hours);
//                                                     password from OPS_PASSWORD
//   block USERNAME --reason TEXT / unblock USERNAME --reason TEXT
//                                                     a member's block (their agent cannot lift it)
//   logout                                            the token stops working
//   credit USERNAME AMOUNT --reason TEXT              adds to a member's main wallet
//   debit USERNAME AMOUNT --reason TEXT               takes from it (never below zero)
//   audit [--limit N]                                 the merchant's audit trail, newest first
//   deposits [--status pending] [--limit N]           deposits (oldest first)
//   deposit-receipt D12 --out FILE                    saves a manual deposit's receipt image
//   approve-deposit D12 [--amount X]                  credits the member (X: what arrived); above the
//                                                     merchant's threshold a second operator confirms
//   reject-deposit D12 --reason TEXT
//   withdrawals [--status pending] [--limit N]        withdrawals, with the card to pay to (pending: a VIP
//                                                     level's priority ones first, then oldest first)
//   pay-withdrawal W7                                 after sending the payout to the card
//   reject-withdrawal W7 --reason TEXT                the whole amount goes back to the member
//   c2c-orders [--status disputed] [--limit N]        player-to-player deposit orders (modules/c2c)
//   resolve-c2c C12 --received yes|no [--amount X]    decides a disputed one (X: what arrived)
//   message --to all|NAME,… --subject S --content C   a platform message ([--no-reply] [--sender NAME])
//   member-mails [--unread] [--username NAME]         what members wrote to customer service
//   chat-waiting [--queue livechat|vip] [--status S] [--mine]
//                                                     live chat conversations: waiting first (VIP first,
//                                                     oldest first), then active (S: open, waiting,
//                                                     active, closed, all)
//   chat-take ID                                      a waiting conversation becomes yours, once (another
//                                                     operator's is refused)
//   chat-reply ID TEXT | --script N | --image FILE    answers it (taking a waiting one first), once per run
//   chat-transfer ID --to OPERATOR | --queue vip|livechat   to another operator, or back to a queue
//   chat-close ID                                     ends it
//   chat-show ID [--limit N]                          the conversation and its messages, oldest first
//   chat-image MESSAGE_ID --out FILE                  saves an image of a conversation
//   chat-scripts | chat-scripts-set --json JSON       the scripted quick questions and answers
//   chat-settings | chat-settings-set --json JSON     on/off, working hours, away message per language
//   feedback [--unread] [--page N]                    feedback visitors and members sent (newest first)
//   feedback-read ID …                                marks feedback read
//   support-questions [--open] [--page N]             members' support questions: the open ones first
//                                                     (oldest first), then the answered and closed
//   support-show ID [--out DIR]                       a question in full with its contact details; its
//                                                     images saved to DIR (support-ID-N.png|jpg)
//   support-answer ID --text TEXT                     answers an open question, once: the member reads it
//                                                     beside the question and in their platform messages
//   support-close ID                                  closes a question, answered or not
//   lottery-void GAME NUMERO --reason TEXT            voids a lottery round that cannot settle: every
//                                                     open bet refunded, once
//   grant-tickets USERNAME COUNT [--reason TEXT]      COUNT prize wheel tickets (1-100) to a member, once
//                                                     per run (--idempotency-key repeats a run safely)
//   cancel-tickets USERNAME COUNT|all --reason TEXT   cancels a member's unused tickets (oldest first),
//                                                     once per run; never a used one
//   prize-deliveries [--status pending|delivered|all] [--username NAME] [--page N]
//                                                     physical prizes won: waiting (oldest first) or delivered
//   prize-deliver SPIN_ID [--note TEXT]               marks one delivered (a tracking number, a courier…), once
//   prize-wheel-report [--days N] [--to T] [--wheel ID]  a wheel's spins, cash paid and deliveries over the
//                                                     N days (30) before T (now; or --from T); per segment
//   applications [--status pending] [--limit N]       affiliate applications (players asking to be agents)
//   approve-application ID [--answer TEXT]            the player becomes an agent
//   reject-application ID [--answer TEXT]
//   agent-contract NAME --kind K --terms JSON         the merchant's contract with a top agent (K:
//                                                     realtime, daily, hourly, dividend), active at once
//   end-agent-contract NAME --kind K                  ends it
//   games list                                        game vendors: connection, secret, maintenance
//   games maintenance VENDOR [--from T] [--to T] --reason TEXT   a maintenance window (T: now,
//                                                     +30m, +2h, +1d or ISO, UTC; no --to: until
//                                                     cleared): no launches, no bets
//   games maintenance-clear VENDOR                    ends it now (windows to come are removed)
//   games rotate-secret VENDOR                        a new signing secret, printed once
//   promotions                                        each promotion: joined, claimed, taken back, cost
//   promotion-create --json JSON                      a promotion (texts, schedule, rules in major units)
//   promotion-update ID --json JSON                   changes only the fields given
//   promotion-pause ID / promotion-resume ID          hides it / shows it again
//   promotion-claims ID                               its members: joined, claimed, taken back
//   promotion-applications [--waiting]                applications for promotions (waiting first)
//   promotion-approve CLAIM_ID                        pays an application's reward, once
//   promotion-reject CLAIM_ID --reason TEXT           rejects it; the member reads the reason
//   promotion-issue ID USERNAME...                    an issued promotion's reward to each member, once
//                                                     (a promotion's audience: "audience":{"vipLevels":[3,4],"labels":["High rollers"]})
//   member-labels [USERNAME]                          the member labels (how many carry each); a member's labels
//   member-label-create --json JSON                   a label, e.g. '{"name":"High rollers","shown":false}'
//   member-label-set ID --json JSON                   changes its name, colours or whether members see it
//   member-label-add ID USERNAME... / member-label-remove ID USERNAME...   puts it on members / takes it off
//   rebate-settings                                   the betting rebate: mode (manual, auto) and rates per VIP level
//   rebate-settings-set --json JSON                   changes the mode and/or rates given, e.g. '{"mode":"auto"}'
//   referral-settings                                 invite a friend: on/off, thresholds, rewards, rates, achievements
//   referral-settings-set --json JSON                 changes the fields given, e.g. '{"enabled":false}'
//   referral-member USERNAME                          a member's code, inviter, friends (state, reward) and income
//   vip-levels                                        the VIP ladder: each level's requirements and benefits
//   vip-level-set LEVEL --json JSON                   creates a level or changes the fields given
//   vip-member USERNAME                               a member's VIP level and its changes
//   vip-member-level USERNAME LEVEL --reason TEXT     sets a member's level by hand (audited)
//   vip-month-end YYYY-MM                             decides an ended month: promotions and
//                                                     relegations, once (a rerun says it ran)
//   vip-claims [--username NAME] [--page N]           VIP benefits claimed, newest first
//   points-settings | points-settings-set --json JSON   earning rules per source, the conversion of points to money
//   points-items | points-item-add --json JSON | points-item-set ID --json JSON   the point mall catalogue, stock, enabled
//   points-redeems [--status S] | points-deliver ID [--note TEXT]   redeems; a gift marked delivered, once
//   points-balance USERNAME | points-adjust USERNAME POINTS --reason TEXT   a member's points; an adjustment (once)
//   points-earn YYYY-MM-DD                            counts a closed day's points now (what the job does each day)
//   missions                                          each mission: window, state, claims, what it paid
//   mission-create --json JSON                        a mission, its milestones and leaderboard prizes
//   mission-update ID --json JSON                     changes only the fields given
//   mission-pause ID / mission-resume ID              hides it / shows it again
//   mission-progress ID [--username NAME]             the leaderboard now; a member's progress
//   mission-payouts ID                                its milestone claims and leaderboard prizes paid
//   remote-releases                                   each remote's deployed releases, whether the
//                                                     deployed shell can run each, pinned and served
//   remote-rollout NAME VERSION                       serve that release to every device of this
//                                                     merchant (refused, with the reason, when the
//                                                     shell cannot run it); a canary ends
//   remote-canary NAME VERSION PERCENT                serve that release to PERCENT % of the devices
//                                                     (1-100), each keeping its side
//   remote-rollback NAME                              end the canary; without one, serve the release
//                                                     before the one served now
//   section-releases                                  each back-office section's deployed releases,
//                                                     pinned and served to this merchant's operators
//   section-rollout NAME VERSION                      serve that release of a back-office section
//                                                     (pinned) to this merchant's operators
//   section-rollback NAME                             serve the release before the one served now (pinned)
//   section-follow NAME                               remove the pin: the newest release is served again
//   deliveries [--status S] [--channel sms|email] [--to RECIPIENT] [--limit N]
//                                                     SMS and e-mails, newest first: kept (no provider:
//                                                     stays in the outbox), queued, sending, sent, failed
//   sms-provider                                      the merchant's SMS provider (never its secret)
//   sms-provider-set --json JSON                      sets it, e.g. '{"provider":"twilio","accountId":"AC…",
//                                                     "senderId":"+15005550006"}'; the secret (Twilio's auth
//                                                     token) from OPS_SMS_SECRET, kept when unset
//   sms-provider-remove                               its SMS stay in the outbox from then on
//
// Environment: OPS_URL (default http://127.0.0.1:3001, the operator API's own listener: OPS_PORT
// of the site), OPS_TOKEN, OPS_PASSWORD; create-operator and enrol-totp read DATABASE_URL or
// start the embedded PostgreSQL like the site (stop the site first, or point DATABASE_URL at its
// PostgreSQL), and seal the secret with the site's SECRETS_KEY. `ops --help` prints this usage.
// Exit code 0: done; 1: refused (the message says why); 2: the tool could not run (bad
// arguments, no command, the site unreachable).
import { randomUUID } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join as joinPath } from 'node:path';
import { parseArgs } from 'node:util';
import { readConfig } from '../config';
import { createPool } from '../db/pool';
import { resolveSecretsKey, startDatabase } from '../main';
import { createOperator, enrolOperatorTotp, isOperatorRole, OPERATOR_ROLES, type OperatorRole, type OperatorTotp } from '../modules/operator';
import { RELEASE_VERSION_PATTERN, REMOTE_NAME_PATTERN, SECTION_NAME_PATTERN } from '../modules/remotes';

export interface OpsIo {
  env: NodeJS.ProcessEnv;
  fetch: typeof fetch;
  write: (line: string) => void;
  /** create-operator: makes the operator in the database (main() wires the real one). */
  createOperator?: (input: { merchantCode: string; username: string; password: string; role: OperatorRole }) => Promise<{ id: number; totp: OperatorTotp }>;
  /** enrol-totp: gives an operator a new authenticator secret in the database. */
  enrolTotp?: (input: { merchantCode: string; username: string }) => Promise<OperatorTotp>;
}

/** A failure of the tool itself (exit 2), not a refusal by the API (exit 1). */
class UsageError extends Error {}

interface Envelope {
  success: boolean;
  value: unknown;
  message: string | null;
  errorCode: string | null;
}

interface Api {
  call(method: string, path: string, options?: { body?: unknown; idempotencyKey?: string; query?: Record<string, string | undefined> }): Promise<unknown>;
}

/** A refusal by the API: its errorCode and message, printed as they are. */
class Refused extends Error {
  constructor(readonly errorCode: string, message: string) {
    super(message);
  }
}

function apiOf(io: OpsIo, token: string | undefined): Api {
  const base = (io.env.OPS_URL ?? 'http://127.0.0.1:3001').replace(/\/+$/, '');
  return {
    async call(method, path, options = {}) {
      const query = Object.entries(options.query ?? {}).filter((entry): entry is [string, string] => entry[1] !== undefined);
      const url = `${base}/ops/v1${path}${query.length ? `?${new URLSearchParams(query)}` : ''}`;
      const headers: Record<string, string> = { accept: 'application/json', language: 'EN' };
      if (token) headers.authorization = `Bearer ${token}`;
      if (options.body !== undefined) headers['content-type'] = 'application/json';
      if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
      let response: Response;
      try {
        response = await io.fetch(url, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
      } catch (error) {
        throw new UsageError(`Cannot reach ${base}: ${(error as Error).message}`);
      }
      const envelope = (await response.json().catch(() => null)) as Envelope | null;
      if (!envelope || typeof envelope.success !== 'boolean') throw new UsageError(`${url} answered ${response.status} without an envelope`);
      if (!envelope.success) throw new Refused(envelope.errorCode ?? 'unknown', envelope.message ?? `HTTP ${response.status}`);
      return envelope.value;
    },
  };
}

export interface OpsCommand {
  usage: string;
  /** Needs OPS_TOKEN. */
  authenticated: boolean;
  run: (context: { api: Api; positionals: string[]; options: Record<string, string | undefined>; io: OpsIo }) => Promise<void>;
}

const requireOption = (options: Record<string, string | undefined>, name: string): string => {
  const value = options[name];
  if (!value) throw new UsageError(`--${name} is required`);
  return value;
};

const passwordFrom = (io: OpsIo): string => {
  const password = io.env.OPS_PASSWORD;
  if (!password) throw new UsageError('Set OPS_PASSWORD to the operator password (it is never taken as an argument: arguments end up in shell history)');
  return password;
};

/** A table of rows as aligned text. */
export function formatTable(rows: Record<string, unknown>[], columns: string[]): string[] {
  const cells = rows.map((row) => columns.map((column) => {
    const value = row[column];
    if (value === null || value === undefined) return '';
    return typeof value === 'object' ? JSON.stringify(value) : String(value);
  }));
  const widths = columns.map((column, index) => Math.max(column.length, ...cells.map((row) => row[index].length)));
  const line = (values: string[]) => values.map((value, index) => value.padEnd(widths[index])).join('  ').trimEnd();
  return [line(columns), ...cells.map(line)];
}

const isoTime = (ms: unknown): string => (typeof ms === 'number' ? new Date(ms).toISOString().replace('T', ' ').slice(0, 19) : '');

/** credit / debit USERNAME AMOUNT --reason TEXT: an adjustment of the member's main wallet. */
function adjustment(direction: 'credit' | 'debit'): OpsCommand {
  return {
    usage: `${direction} USERNAME AMOUNT --reason TEXT   (${direction === 'credit' ? 'adds to' : 'takes from'} the member's main wallet; AMOUNT positive, two decimals at most)`,
    authenticated: true,
    async run({ api, positionals, options, io }) {
      const [username, amountText] = positionals;
      if (!username || !amountText || !/^\d+(\.\d{1,2})?$/.test(amountText) || Number(amountText) === 0) {
        throw new UsageError(`${direction} USERNAME AMOUNT --reason TEXT (AMOUNT a positive number with two decimals at most)`);
      }
      const value = (await api.call('POST', `/members/${encodeURIComponent(username)}/adjustments`, {
        body: { amount: Number(amountText), direction, reason: requireOption(options, 'reason') },
        // One key per run of the command; --idempotency-key repeats an earlier run safely.
        idempotencyKey: options['idempotency-key'] ?? randomUUID(),
      })) as { adjustment: AdjustmentRow; transactionId: number | null; replayed: boolean; awaitingSecondApproval: boolean; amount: number };
      const signed = `${value.amount > 0 ? '+' : ''}${value.amount.toFixed(2)}`;
      if (value.awaitingSecondApproval) {
        io.write(`Asked: ${username} ${signed} is above the merchant's second-approval threshold; another operator approves it with \`adjustment-approve ${value.adjustment.id}\`.`);
        return;
      }
      io.write(`${value.replayed ? 'Already done' : 'Adjusted'}: ${username} ${signed} (ledger transaction ${value.transactionId}).`);
    },
  };
}

interface AdjustmentRow {
  id: number;
  username: string;
  amount: number;
  reason: string;
  requestedBy: string;
  status: string;
  decidedBy: string | null;
  createdAt: number;
  transactionId: number | null;
}

/** The four-eyes queue of adjustments: list, approve, reject. */
const adjustmentCommands: Record<string, OpsCommand> = {
  adjustments: {
    usage: 'adjustments [--status awaiting|applied|rejected] [--username NAME] [--limit N]',
    authenticated: true,
    async run({ api, options, io }) {
      const value = (await api.call('GET', '/adjustments', { query: { status: options.status, username: options.username, limit: options.limit } })) as { list: AdjustmentRow[] };
      const rows = value.list.map((row) => ({ ...row, amount: money(row.amount), createdAt: isoTime(row.createdAt), decidedBy: row.decidedBy ?? '' }));
      for (const line of formatTable(rows, ['id', 'createdAt', 'username', 'amount', 'reason', 'requestedBy', 'status', 'decidedBy'])) io.write(line);
    },
  },
  'adjustment-approve': {
    usage: 'adjustment-approve ID   (another operator asked for it: the money moves now)',
    authenticated: true,
    async run({ api, positionals, io }) {
      const id = adjustmentId(positionals);
      const value = (await api.call('POST', `/adjustments/${id}/approve`)) as { replayed: boolean; transactionId: number; amount: number; adjustment: AdjustmentRow };
      io.write(`${value.replayed ? 'Already approved' : 'Approved'}: adjustment ${id}, ${value.adjustment.username} ${money(value.amount)} (ledger transaction ${value.transactionId}).`);
    },
  },
  'adjustment-reject': {
    usage: 'adjustment-reject ID --reason TEXT',
    authenticated: true,
    async run({ api, positionals, options, io }) {
      const id = adjustmentId(positionals);
      const value = (await api.call('POST', `/adjustments/${id}/reject`, { body: { reason: requireOption(options, 'reason') } })) as { replayed: boolean };
      io.write(`${value.replayed ? 'Already rejected' : 'Rejected'}: adjustment ${id}; nothing moved.`);
    },
  },
};

function adjustmentId(positionals: readonly string[]): number {
  const [text] = positionals;
  if (!text || !/^[1-9][0-9]{0,15}$/.test(text)) throw new UsageError('ID is the adjustment number `ops adjustments` lists');
  return Number(text);
}

/** block / unblock USERNAME --reason TEXT: the operator's block of a member. */
function memberBlock(verb: 'block' | 'unblock'): OpsCommand {
  return {
    usage: `${verb} USERNAME --reason TEXT   (${verb === 'block' ? "ends the member's sessions; their agent cannot lift it" : "lifts the member's block"})`,
    authenticated: true,
    async run({ api, positionals, options, io }) {
      const [username] = positionals;
      if (positionals.length !== 1) throw new UsageError(`${verb} USERNAME --reason TEXT`);
      await api.call('POST', `/members/${encodeURIComponent(username)}/${verb}`, { body: { reason: requireOption(options, 'reason') } });
      io.write(`${verb === 'block' ? 'Blocked' : 'Unblocked'}: ${username}.`);
    },
  };
}

/** The authenticator secret to enrol, shown once. */
function writeTotp(io: OpsIo, totp: OperatorTotp): void {
  io.write('Authenticator secret (shown only now; add it to the authenticator app, then log in with --otp):');
  io.write(`  secret: ${totp.secret}`);
  io.write(`  uri:    ${totp.uri}`);
}

/** The commands, by name. Modules' actions add theirs here. */
export const OPS_COMMANDS: Record<string, OpsCommand> = {
  'create-operator': {
    usage: `create-operator --merchant CODE --username NAME --role ${OPERATOR_ROLES.join('|')}   (password from OPS_PASSWORD, at least 12 characters; prints the authenticator secret)`,
    authenticated: false,
    async run({ options, io }) {
      if (!io.createOperator) throw new UsageError('create-operator needs the database');
      const role = requireOption(options, 'role');
      if (!isOperatorRole(role)) throw new UsageError(`--role is one of ${OPERATOR_ROLES.join(', ')}`);
      const made = await io.createOperator({ merchantCode: requireOption(options, 'merchant'), username: requireOption(options, 'username'), password: passwordFrom(io), role });
      io.write(`Operator ${options.username} created (id ${made.id}, role ${role}).`);
      writeTotp(io, made.totp);
    },
  },
  'enrol-totp': {
    usage: 'enrol-totp --merchant CODE --username NAME   (a new authenticator secret; the old one stops working)',
    authenticated: false,
    async run({ options, io }) {
      if (!io.enrolTotp) throw new UsageError('enrol-totp needs the database');
      writeTotp(io, await io.enrolTotp({ merchantCode: requireOption(options, 'merchant'), username: requireOption(options, 'username') }));
    },
  },
  login: {
    usage: 'login --merchant CODE --username NAME --otp CODE   (password from OPS_PASSWORD; CODE: the authenticator app\'s current code)',
    authenticated: false,
    async run({ api, options, io }) {
      const otp = requireOption(options, 'otp');
      if (!/^[0-9]{6}$/.test(otp)) throw new UsageError('--otp is the 6-digit code of your authenticator app');
      const value = (await api.call('POST', '/session', {
        body: { merchant: requireOption(options, 'merchant'), username: requireOption(options, 'username'), password: passwordFrom(io), otp },
      })) as { token: string; expiresAt: number };
      io.write(`export OPS_TOKEN=${value.token}`);
      io.write(`# valid until ${isoTime(value.expiresAt)} UTC`);
    },
  },
  logout: {
    usage: 'logout',
    authenticated: true,
    async run({ api, io }) {
      await api.call('DELETE', '/session');
      io.write('Logged out: the token no longer works.');
    },
  },
  credit: adjustment('credit'),
  ...adjustmentCommands,
  debit: adjustment('debit'),
  block: memberBlock('block'),
  unblock: memberBlock('unblock'),
  audit: {
    usage: 'audit [--limit N]',
    authenticated: true,
    async run({ api, options, io }) {
      const value = (await api.call('GET', '/audit', { query: { limit: options.limit } })) as { list: Record<string, unknown>[] };
      const rows = value.list.map((row) => ({ ...row, createdAt: isoTime(row.createdAt), target: row.targetId ? `${row.targetType}:${row.targetId}` : '' }));
      for (const line of formatTable(rows, ['id', 'createdAt', 'operator', 'action', 'target', 'outcome', 'errorCode', 'detail'])) io.write(line);
    },
  },
};

/** ID → the row's number, checked: D12 / W7 (or 12 / 7). */
function rowNumber(positionals: string[], prefix: 'D' | 'W'): string {
  const number = positionals[0];
  if (!number || !new RegExp(`^${prefix}?[1-9][0-9]{0,15}$`).test(number)) throw new UsageError(`Name the ${prefix === 'D' ? 'deposit' : 'withdrawal'} by its number, e.g. ${prefix}12`);
  return number.startsWith(prefix) ? number : `${prefix}${number}`;
}

const money = (amount: unknown): string => (typeof amount === 'number' ? amount.toFixed(2) : '');

interface DepositRow extends Record<string, unknown> {
  number: string;
  status: string;
  creditedAmount: number | null;
}

interface WithdrawalRow extends Record<string, unknown> {
  number: string;
  status: string;
  payout: number;
  priority: boolean;
}

Object.assign(OPS_COMMANDS, {
  deposits: {
    usage: 'deposits [--status pending|approved|rejected|cancelled|failed|expired] [--limit N]',
    authenticated: true,
    async run({ api, options, io }) {
      const value = (await api.call('GET', '/deposits', { query: { status: options.status, limit: options.limit } })) as { list: DepositRow[] };
      const rows = value.list.map((row) => ({ ...row, requested: money(row.requestedAmount), credited: money(row.creditedAmount), createdAt: isoTime(row.createdAt), receipt: row.hasReceipt ? 'yes' : '' }));
      for (const line of formatTable(rows, ['number', 'createdAt', 'username', 'method', 'channel', 'requested', 'credited', 'status', 'payeeName', 'referenceNo', 'receipt'])) io.write(line);
    },
  },
  'deposit-receipt': {
    usage: 'deposit-receipt D12 --out FILE   (saves the receipt image the member uploaded)',
    authenticated: true,
    async run({ api, positionals, options, io }) {
      const number = rowNumber(positionals, 'D');
      const out = requireOption(options, 'out');
      const value = (await api.call('GET', `/deposits/${number}/receipt`)) as { contentType: string; dataUrl: string; referenceNo: string | null };
      await writeFile(out, Buffer.from(value.dataUrl.slice(value.dataUrl.indexOf(',') + 1), 'base64'));
      io.write(`Saved ${number}'s receipt (${value.contentType}, reference ${value.referenceNo ?? '-'}) to ${out}.`);
    },
  },
  'approve-deposit': {
    usage: 'approve-deposit D12 [--amount X]   (X: the amount that arrived, when it differs)',
    authenticated: true,
    async run({ api, positionals, options, io }) {
      const number = rowNumber(positionals, 'D');
      if (options.amount !== undefined && !/^\d+(\.\d{1,2})?$/.test(options.amount)) throw new UsageError('--amount is a positive number with two decimals at most');
      const value = (await api.call('POST', `/deposits/${number}/approve`, { body: options.amount === undefined ? {} : { amount: Number(options.amount) } })) as {
        deposit: DepositRow;
        replayed: boolean;
        awaitingSecondApproval: boolean;
      };
      if (value.awaitingSecondApproval) {
        io.write(`Asked: ${number} is above the merchant's second-approval threshold; another operator approves it (the same amount) to credit it.`);
        return;
      }
      io.write(`${value.replayed ? 'Already approved' : 'Approved'}: ${number}, ${money(value.deposit.creditedAmount)} credited.`);
    },
  },
  'reject-deposit': {
    usage: 'reject-deposit D12 --reason TEXT',
    authenticated: true,
    async run({ api, positionals, options, io }) {
      const number = rowNumber(positionals, 'D');
      const value = (await api.call('POST', `/deposits/${number}/reject`, { body: { reason: requireOption(options, 'reason') } })) as { replayed: boolean };
      io.write(`${value.replayed ? 'Already rejected' : 'Rejected'}: ${number}.`);
    },
  },
  withdrawals: {
    usage: 'withdrawals [--status pending|paid|rejected] [--limit N]',
    authenticated: true,
    async run({ api, options, io }) {
      const value = (await api.call('GET', '/withdrawals', { query: { status: options.status, limit: options.limit } })) as { list: WithdrawalRow[] };
      const rows = value.list.map((row) => ({
        ...row, amount: money(row.amount), charge: money(row.charge), payout: money(row.payout), createdAt: isoTime(row.createdAt), priority: row.priority ? 'yes' : '',
      }));
      for (const line of formatTable(rows, ['number', 'createdAt', 'priority', 'username', 'withdrawType', 'bankName', 'cardNumber', 'payeeName', 'amount', 'charge', 'payout', 'status'])) io.write(line);
    },
  },
  'pay-withdrawal': {
    usage: 'pay-withdrawal W7   (after sending the payout to the card)',
    authenticated: true,
    async run({ api, positionals, io }) {
      const number = rowNumber(positionals, 'W');
      const value = (await api.call('POST', `/withdrawals/${number}/pay`)) as { withdrawal: WithdrawalRow; changed: boolean };
      io.write(`${value.changed ? 'Paid' : 'Already paid'}: ${number}, payout ${money(value.withdrawal.payout)}.`);
    },
  },
  'reject-withdrawal': {
    usage: 'reject-withdrawal W7 --reason TEXT   (the whole amount goes back to the member)',
    authenticated: true,
    async run({ api, positionals, options, io }) {
      const number = rowNumber(positionals, 'W');
      const value = (await api.call('POST', `/withdrawals/${number}/reject`, { body: { reason: requireOption(options, 'reason') } })) as { changed: boolean };
      io.write(`${value.changed ? 'Rejected and refunded' : 'Already rejected'}: ${number}.`);
    },
  },
} satisfies Record<string, OpsCommand>);

Object.assign(OPS_COMMANDS, {
  message: {
    usage: "message --to all|NAME[,NAME…] --subject TEXT --content TEXT [--no-reply] [--sender NAME]   (a platform message)",
    authenticated: true,
    async run({ api, options, io }) {
      const to = requireOption(options, 'to');
      const value = (await api.call('POST', '/messages', {
        body: {
          to: to === 'all' ? ['*'] : to.split(',').map((name) => name.trim()).filter(Boolean),
          subject: requireOption(options, 'subject'),
          content: requireOption(options, 'content'),
          canReply: options['no-reply'] === undefined,
          ...(options.sender ? { senderName: options.sender } : {}),
        },
      })) as { mailId: number; recipients: number | 'all' };
      io.write(`Sent message ${value.mailId} to ${value.recipients === 'all' ? 'every member' : `${value.recipients} member(s)`}.`);
    },
  },
  'member-mails': {
    usage: "member-mails [--unread] [--username NAME] [--page N]   (customer service's box)",
    authenticated: true,
    async run({ api, options, io }) {
      const value = (await api.call('GET', '/member-mails', {
        query: { unread: options.unread === undefined ? undefined : 'true', username: options.username, page: options.page },
      })) as { list: Record<string, unknown>[]; totalPages: number };
      const rows = value.list.map((row) => ({ ...row, sentAt: isoTime(row.sentAt), read: row.readAt ? 'yes' : '', inReplyTo: row.replyToSubject ?? '' }));
      for (const line of formatTable(rows, ['id', 'sentAt', 'username', 'subject', 'inReplyTo', 'read', 'content'])) io.write(line);
      io.write(`(page ${options.page ?? 1} of ${value.totalPages})`);
    },
  },
} satisfies Record<string, OpsCommand>);

// Player-to-player (C2C) deposit orders (modules/c2c): the list, and the decision of a disputed one.
interface C2COrderRow extends Record<string, unknown> {
  number: string;
  status: string;
  receivedAmount: number | null;
}

Object.assign(OPS_COMMANDS, {
  'c2c-orders': {
    usage: 'c2c-orders [--status matched|paid|disputed|confirmed|cancelled|expired|rejected] [--limit N]',
    authenticated: true,
    async run({ api, options, io }) {
      const value = (await api.call('GET', '/c2c', { query: { status: options.status, limit: options.limit } })) as { list: C2COrderRow[] };
      const rows = value.list.map((row) => ({ ...row, amount: money(row.amount), received: money(row.receivedAmount), createdAt: isoTime(row.createdAt), proof: row.hasProof ? 'yes' : '' }));
      for (const line of formatTable(rows, ['number', 'createdAt', 'deposit', 'withdrawal', 'depositor', 'withdrawer', 'payerName', 'amount', 'received', 'status', 'outcome', 'proof'])) io.write(line);
    },
  },
  'resolve-c2c': {
    usage: 'resolve-c2c C12 --received yes|no [--amount X]   (a disputed order: yes credits the payer X, default all; no releases it)',
    authenticated: true,
    async run({ api, positionals, options, io }) {
      const number = positionals[0];
      if (!number || !/^C?[1-9][0-9]{0,15}$/.test(number)) throw new UsageError('Name the order by its number, e.g. C12');
      const received = options.received;
      if (received !== 'yes' && received !== 'no') throw new UsageError('--received yes or --received no');
      if (options.amount !== undefined && (received === 'no' || !/^\d+(\.\d{1,2})?$/.test(options.amount))) throw new UsageError('--amount is a positive number with two decimals at most, with --received yes');
      const orderNumber = number.startsWith('C') ? number : `C${number}`;
      const body = { received: received === 'yes', ...(options.amount === undefined ? {} : { amount: Number(options.amount) }) };
      const value = (await api.call('POST', `/c2c/${orderNumber}/resolve`, { body })) as { order: C2COrderRow; changed: boolean };
      const what = value.order.status === 'confirmed' ? `${money(value.order.receivedAmount)} credited to the payer` : 'released, nothing credited';
      io.write(`${value.changed ? 'Resolved' : 'Already resolved'}: ${orderNumber} ${value.order.status}, ${what}.`);
    },
  },
} satisfies Record<string, OpsCommand>);

// Game vendors (modules/game-provider): their state, maintenance windows, signing secrets.
interface GameVendorRow extends Record<string, unknown> {
  vassalage: string;
  categories: string[];
  provider: boolean;
  adapter: string | null;
  enabled: boolean;
  hasSecret: boolean;
  sessionMinutes: number | null;
  maintenance: { id: number; startsAt: number; endsAt: number | null; reason: string; current: boolean }[];
}

const UNITS_MS: Record<string, number> = { m: 60_000, h: 3_600_000, d: 86_400_000 };

/** now, +30m / +2h / +1d, or an ISO 8601 time (UTC unless it names an offset) → epoch ms. */
export function parseOpsTime(text: string, nowMs: number, name: string): number {
  if (text === 'now') return nowMs;
  const relative = /^\+([0-9]{1,6})([mhd])$/.exec(text);
  if (relative) return nowMs + Number(relative[1]) * UNITS_MS[relative[2]];
  const iso = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?)?(Z|[+-]\d{2}:?\d{2})?$/.exec(text);
  const ms = iso ? Date.parse(`${text.replace(' ', 'T')}${iso[4] ? '' : iso[1] ? 'Z' : 'T00:00Z'}`) : Number.NaN;
  if (!Number.isFinite(ms)) throw new UsageError(`--${name}: now, +30m / +2h / +1d, or an ISO time such as 2026-01-31T22:00Z (UTC unless an offset is given)`);
  return ms;
}

const windowText = (window: GameVendorRow['maintenance'][number]): string =>
  `${window.current ? 'NOW ' : ''}${isoTime(window.startsAt)} → ${window.endsAt === null ? 'until cleared' : isoTime(window.endsAt)}${window.reason ? ` (${window.reason})` : ''}`;

const vendorCode = (positionals: string[], usage: string): string => {
  const code = positionals[0];
  if (!code || !/^[A-Za-z0-9_]{1,32}$/.test(code)) throw new UsageError(usage);
  return code.toUpperCase();
};

const GAMES_USAGE =
  'games list | games maintenance VENDOR [--from now|+30m|ISO] [--to +2h|ISO] --reason TEXT | games maintenance-clear VENDOR | games rotate-secret VENDOR';

Object.assign(OPS_COMMANDS, {
  games: {
    usage: `${GAMES_USAGE}   (game vendors: state, maintenance windows (times UTC; no --to: until cleared), signing secret)`,
    authenticated: true,
    async run({ api, positionals, options, io }) {
      const [action, ...rest] = positionals;
      if (action === 'list') {
        const value = (await api.call('GET', '/games/vendors')) as { list: GameVendorRow[] };
        const rows = value.list.map((row) => ({
          ...row,
          categories: row.categories.join(','),
          adapter: row.provider ? (row.adapter ?? 'not connected') : 'no provider row',
          enabled: row.provider ? (row.enabled ? 'yes' : 'no') : '',
          secret: row.hasSecret ? 'yes' : '',
          session: row.sessionMinutes === null ? '' : `${row.sessionMinutes} min`,
          maintenance: row.maintenance.map(windowText).join('; '),
        }));
        for (const line of formatTable(rows, ['vassalage', 'categories', 'adapter', 'enabled', 'secret', 'session', 'maintenance'])) io.write(line);
        return;
      }
      if (action === 'maintenance') {
        const vassalage = vendorCode(rest, `games maintenance VENDOR [--from …] [--to …] --reason TEXT`);
        const nowMs = Date.now();
        const body = {
          startsAt: parseOpsTime(options.from ?? 'now', nowMs, 'from'),
          ...(options.to === undefined ? {} : { endsAt: parseOpsTime(options.to, nowMs, 'to') }),
          reason: requireOption(options, 'reason'),
        };
        const window = (await api.call('POST', `/games/vendors/${vassalage}/maintenance`, { body })) as GameVendorRow['maintenance'][number];
        io.write(`Maintenance of ${vassalage} scheduled (window ${window.id}): ${windowText(window)}, UTC.`);
        return;
      }
      if (action === 'maintenance-clear') {
        const vassalage = vendorCode(rest, 'games maintenance-clear VENDOR');
        const value = (await api.call('DELETE', `/games/vendors/${vassalage}/maintenance`)) as { ended: number; removed: number };
        io.write(`Maintenance of ${vassalage} cleared: ${value.ended} window(s) under way ended now, ${value.removed} to come removed.`);
        return;
      }
      if (action === 'rotate-secret') {
        const vassalage = vendorCode(rest, 'games rotate-secret VENDOR');
        const value = (await api.call('POST', `/games/vendors/${vassalage}/secret`)) as { secret: string };
        io.write(`New signing secret of ${vassalage} (shown only now; calls signed with the old one are refused from now on):`);
        io.write(value.secret);
        return;
      }
      throw new UsageError(GAMES_USAGE);
    },
  },
} satisfies Record<string, OpsCommand>);

// Feedback from visitors and members (modules/feedback, PUT /wps/feedback).
Object.assign(OPS_COMMANDS, {
  feedback: {
    usage: 'feedback [--unread] [--page N]   (newest first, 20 a page)',
    authenticated: true,
    async run({ api, options, io }) {
      const value = (await api.call('GET', '/feedback', { query: { unread: options.unread === undefined ? undefined : 'true', page: options.page } })) as {
        list: Record<string, unknown>[];
        totalPages: number;
      };
      const rows = value.list.map((row) => ({ ...row, createdAt: isoTime(row.createdAt), read: row.readAt ? 'yes' : '', content: String(row.content).replace(/\s+/g, ' ') }));
      for (const line of formatTable(rows, ['id', 'createdAt', 'type', 'username', 'sender', 'read', 'content'])) io.write(line);
      io.write(`(page ${options.page ?? 1} of ${value.totalPages})`);
    },
  },
  'feedback-read': {
    usage: 'feedback-read ID …   (all or nothing: every id must be feedback of your merchant)',
    authenticated: true,
    async run({ api, positionals, io }) {
      if (positionals.length === 0 || positionals.some((id) => !/^[1-9][0-9]{0,15}$/.test(id))) throw new UsageError('Name the feedback by its ids, e.g. feedback-read 12 13');
      await api.call('POST', '/feedback/read', { body: { ids: positionals.map(Number) } });
      io.write(`Marked read: ${positionals.join(', ')}.`);
    },
  },
} satisfies Record<string, OpsCommand>);

// Members' support questions (modules/support, support.operator-routes.ts).
const supportQuestionIdOf = (positionals: string[], usage: string): string => {
  if (positionals.length !== 1 || !/^[1-9][0-9]{0,15}$/.test(positionals[0])) throw new UsageError(usage);
  return positionals[0];
};
const oneLine = (text: unknown): string => (typeof text === 'string' ? text.replace(/\s+/g, ' ') : '');
Object.assign(OPS_COMMANDS, {
  'support-questions': {
    usage: 'support-questions [--open] [--page N]   (the open ones first, oldest first; then the answered and closed, newest first; 20 a page)',
    authenticated: true,
    async run({ api, options, io }) {
      const value = (await api.call('GET', '/support/questions', { query: { open: options.open === undefined ? undefined : 'true', page: options.page } })) as {
        list: Record<string, unknown>[];
        totalPages: number;
      };
      const rows = value.list.map((row) => ({ ...row, askedAt: isoTime(row.askedAt), images: row.imageCount || '', text: oneLine(row.text) }));
      for (const line of formatTable(rows, ['id', 'askedAt', 'username', 'category', 'state', 'contact', 'images', 'text'])) io.write(line);
      io.write(`(page ${options.page ?? 1} of ${value.totalPages})`);
    },
  },
  'support-show': {
    usage: 'support-show ID [--out DIR]   (the question in full, the way to reach the member, the answer; --out saves its images)',
    authenticated: true,
    async run({ api, positionals, options, io }) {
      const id = supportQuestionIdOf(positionals, 'support-show ID [--out DIR]');
      const value = (await api.call('GET', `/support/questions/${id}`)) as Record<string, unknown> & { images: string[] };
      const contact = value.contact === 'message' ? 'platform messages' : `${String(value.contact)} ${String(value.contactAddress)}`;
      io.write(`Question ${id} from ${String(value.username)}, ${isoTime(value.askedAt)} UTC: ${String(value.category)}, ${String(value.state)}.`);
      io.write(`Contact: ${contact}.`);
      io.write(String(value.text));
      if (value.answer !== null) io.write(`Answer (${String(value.answeredBy)}, ${isoTime(value.answeredAt)} UTC): ${String(value.answer)}`);
      if (value.closedAt !== null) io.write(`Closed (${String(value.closedBy)}, ${isoTime(value.closedAt)} UTC).`);
      for (const [index, dataUrl] of value.images.entries()) {
        const type = /^data:image\/(png|jpeg);base64,/.exec(dataUrl)?.[1] ?? 'png';
        const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
        if (options.out) {
          const file = joinPath(options.out, `support-${id}-${index + 1}.${type === 'jpeg' ? 'jpg' : 'png'}`);
          await writeFile(file, bytes);
          io.write(`Image ${index + 1}: ${type}, ${bytes.length} bytes, saved to ${file}.`);
        } else {
          io.write(`Image ${index + 1}: ${type}, ${bytes.length} bytes (--out DIR saves it).`);
        }
      }
    },
  },
  'support-answer': {
    usage: "support-answer ID --text TEXT   (once; the member reads it beside the question and in their platform messages)",
    authenticated: true,
    async run({ api, positionals, options, io }) {
      const usage = 'support-answer ID --text TEXT';
      const id = supportQuestionIdOf(positionals, usage);
      if (typeof options.text !== 'string' || options.text.trim() === '') throw new UsageError(usage);
      const value = (await api.call('POST', `/support/questions/${id}/answer`, { body: { text: options.text } })) as { username: string; mailId: number };
      io.write(`Question ${id} answered: the answer is in ${value.username}'s platform messages (message ${value.mailId}).`);
    },
  },
  'support-close': {
    usage: 'support-close ID   (answered or not; closing a closed question changes nothing)',
    authenticated: true,
    async run({ api, positionals, io }) {
      const id = supportQuestionIdOf(positionals, 'support-close ID');
      const value = (await api.call('POST', `/support/questions/${id}/close`)) as { changed: boolean };
      io.write(value.changed ? `Question ${id} closed.` : `Question ${id} was closed already.`);
    },
  },
} satisfies Record<string, OpsCommand>);

// Lottery rounds that cannot settle (modules/lottery, lottery.operator-routes.ts).
Object.assign(OPS_COMMANDS, {
  'lottery-void': {
    usage: 'lottery-void GAME NUMERO --reason TEXT   (every open bet of the round refunded, once)',
    authenticated: true,
    async run({ api, positionals, options, io }) {
      const [gameCode, numero] = positionals;
      if (positionals.length !== 2 || !/^[A-Z0-9]{2,16}$/.test(gameCode) || !/^[0-9]{8}(-[0-9]{2,4})?$/.test(numero)) {
        throw new UsageError('Name the round by its game and numero, e.g. lottery-void VNMB 20261128 --reason "no result"');
      }
      const value = (await api.call('POST', '/lottery/rounds/void', { body: { gameCode, numero, reason: requireOption(options, 'reason') } })) as {
        refundedBets: number;
        refundedMembers: number;
        refunded: number;
      };
      io.write(`Voided ${gameCode} ${numero}: ${value.refundedBets} bets of ${value.refundedMembers} members refunded, ${value.refunded.toFixed(2)} in all.`);
    },
  },
} satisfies Record<string, OpsCommand>);

// Prize wheel tickets (modules/prize-wheel, prize-wheel.operator-routes.ts).
Object.assign(OPS_COMMANDS, {
  'grant-tickets': {
    usage: 'grant-tickets USERNAME COUNT [--reason TEXT]   (COUNT prize wheel tickets, 1-100, for the enabled wheel)',
    authenticated: true,
    async run({ api, positionals, options, io }) {
      const [username, countText] = positionals;
      if (positionals.length !== 2 || !/^[1-9][0-9]{0,2}$/.test(countText) || Number(countText) > 100) {
        throw new UsageError('Name the member and how many tickets (1-100), e.g. grant-tickets alice2 3');
      }
      const value = (await api.call('POST', '/prize-wheel/tickets', {
        body: { username, count: Number(countText), ...(options.reason ? { reason: options.reason } : {}) },
        // One key per run of the command; --idempotency-key repeats an earlier run safely.
        idempotencyKey: options['idempotency-key'] ?? randomUUID(),
      })) as { username: string; granted: number; replayed: boolean; available: number };
      const done = value.replayed ? 'Already granted' : `Granted ${value.granted} ticket(s)`;
      io.write(`${done}: ${value.username} has ${value.available} ticket(s) to spin.`);
    },
  },
} satisfies Record<string, OpsCommand>);

// Running the prize wheel (modules/prize-wheel, prize-wheel.operations.ts): tickets cancelled,
// physical prizes delivered, a wheel's report.
interface DeliveryValue extends Record<string, unknown> {
  spinId: string;
  username: string;
  prize: string;
  spunAt: number;
  status: string;
  deliveredAt: number | null;
  deliveredBy: string | null;
  note: string | null;
}
const DELIVERY_STATUSES = ['pending', 'delivered', 'all'];
const positiveInteger = (text: string | undefined, max: number): number | undefined =>
  text !== undefined && /^[1-9][0-9]{0,9}$/.test(text) && Number(text) <= max ? Number(text) : undefined;
Object.assign(OPS_COMMANDS, {
  'cancel-tickets': {
    usage: "cancel-tickets USERNAME COUNT|all --reason TEXT   (the member's unused prize wheel tickets, oldest first; used ones stay)",
    authenticated: true,
    async run({ api, positionals, options, io }) {
      const [username, countText] = positionals;
      const count = positiveInteger(countText, 1000);
      if (positionals.length !== 2 || (countText !== 'all' && count === undefined)) {
        throw new UsageError('Name the member and how many unused tickets (1-1000, or all), e.g. cancel-tickets alice2 all --reason "duplicate account"');
      }
      const value = (await api.call('POST', '/prize-wheel/tickets/cancel', {
        body: { username, ...(count === undefined ? { all: true } : { count }), reason: requireOption(options, 'reason') },
        // One key per run of the command; --idempotency-key repeats an earlier run safely.
        idempotencyKey: options['idempotency-key'] ?? randomUUID(),
      })) as { username: string; cancelled: number; replayed: boolean; available: number };
      const done = value.replayed ? `Already done (${value.cancelled} cancelled)` : `Cancelled ${value.cancelled} ticket(s)`;
      io.write(`${done}: ${value.username} has ${value.available} ticket(s) to spin.`);
    },
  },
  'prize-deliveries': {
    usage: 'prize-deliveries [--status pending|delivered|all] [--username NAME] [--page N]   (physical prizes: waiting oldest first, delivered newest first)',
    authenticated: true,
    async run({ api, positionals, options, io }) {
      const status = options.status ?? 'pending';
      if (positionals.length !== 0 || !DELIVERY_STATUSES.includes(status) || (options.page !== undefined && positiveInteger(options.page, 100_000) === undefined)) {
        throw new UsageError('prize-deliveries [--status pending|delivered|all] [--username NAME] [--page N]');
      }
      const value = (await api.call('GET', '/prize-wheel/deliveries', { query: { status, username: options.username, page: options.page } })) as {
        list: DeliveryValue[];
        total: number;
        totalPages: number;
      };
      const rows = value.list.map((row) => ({ ...row, spunAt: isoTime(row.spunAt), deliveredAt: isoTime(row.deliveredAt), note: row.note?.replace(/\s+/g, ' ') ?? '' }));
      for (const line of formatTable(rows, ['spinId', 'spunAt', 'username', 'prize', 'status', 'deliveredAt', 'deliveredBy', 'note'])) io.write(line);
      io.write(`${value.total} prize(s)${value.totalPages > 1 ? `, page ${options.page ?? 1} of ${value.totalPages}` : ''}.`);
    },
  },
  'prize-deliver': {
    usage: 'prize-deliver SPIN_ID [--note TEXT]   (a physical prize handed over or sent: the note keeps the tracking number, the courier…)',
    authenticated: true,
    async run({ api, positionals, options, io }) {
      const [spinId] = positionals;
      if (positionals.length !== 1 || !/^[1-9][0-9]{0,17}$/.test(spinId)) throw new UsageError('Name the spin, as prize-deliveries lists it, e.g. prize-deliver 12 --note "DHL 123"');
      const value = (await api.call('POST', `/prize-wheel/deliveries/${spinId}/deliver`, { body: options.note === undefined ? {} : { note: options.note } })) as DeliveryValue & {
        alreadyDelivered: boolean;
      };
      const what = `spin ${value.spinId} (${value.prize}) of ${value.username}`;
      const note = value.note ? `; note: ${value.note}` : '';
      io.write(
        value.alreadyDelivered
          ? `Already delivered: ${what}, on ${isoTime(value.deliveredAt)} UTC by ${value.deliveredBy ?? 'an operator'}${note}. Nothing changed.`
          : `Delivered: ${what}, on ${isoTime(value.deliveredAt)} UTC${note}.`,
      );
    },
  },
  'prize-wheel-report': {
    usage: 'prize-wheel-report [--days N] [--from T] [--to T] [--wheel ID]   (the enabled wheel over the N days (30) before T (now); T: now or ISO, UTC)',
    authenticated: true,
    async run({ api, positionals, options, io }) {
      const usage = 'prize-wheel-report [--days N (1-366)] [--from T] [--to T] [--wheel ID]';
      const days = options.days === undefined ? 30 : positiveInteger(options.days, 366);
      const wheelId = options.wheel === undefined ? undefined : positiveInteger(options.wheel, 2_147_483_647);
      if (positionals.length !== 0 || days === undefined || (options.wheel !== undefined && wheelId === undefined) || (options.days !== undefined && options.from !== undefined)) {
        throw new UsageError(usage);
      }
      const nowMs = Date.now();
      const to = parseOpsTime(options.to ?? 'now', nowMs, 'to');
      const from = options.from === undefined ? to - days * 86_400_000 : parseOpsTime(options.from, nowMs, 'from');
      const value = (await api.call('GET', '/prize-wheel/report', { query: { wheelId: wheelId?.toString(), from: String(from), to: String(to) } })) as {
        wheelId: number;
        name: string;
        enabled: boolean;
        spins: number;
        cashPaid: number;
        physical: { pending: number; delivered: number };
        tickets: { granted: number; cancelled: number };
        segments: { index: number; label: string; kind: string; amount: number | null; spins: number; cashPaid: number }[];
      };
      io.write(`${value.name} (wheel ${value.wheelId}${value.enabled ? '' : ', off'}), ${isoTime(from)} → ${isoTime(to)} UTC:`);
      io.write(
        `${value.spins} spin(s), ${value.cashPaid.toFixed(2)} cash paid; physical prizes ${value.physical.pending} waiting, ${value.physical.delivered} delivered; ` +
          `tickets ${value.tickets.granted} granted, ${value.tickets.cancelled} cancelled.`,
      );
      const rows = value.segments.map((segment) => ({
        ...segment,
        amount: segment.amount === null ? '' : segment.amount.toFixed(2),
        share: value.spins ? `${((segment.spins * 100) / value.spins).toFixed(2)}%` : '',
        cashPaid: segment.cashPaid.toFixed(2),
      }));
      for (const line of formatTable(rows, ['index', 'label', 'kind', 'amount', 'spins', 'share', 'cashPaid'])) io.write(line);
    },
  },
} satisfies Record<string, OpsCommand>);

// Releases of the remotes (modules/remotes, remotes.operator-routes.ts).
interface RemoteReleasesValue {
  name: string;
  pinned: string | null;
  serving: string | null;
  canary: { version: string; percent: number } | null;
  releases: { version: string; compatible: boolean; problems: string }[];
}
const remoteLines = (remote: RemoteReleasesValue): string[] => [
  `${remote.name}: serving ${remote.serving ?? 'nothing'}${remote.pinned ? ` (pinned ${remote.pinned})` : ' (the newest the shell can run)'}` +
    (remote.canary ? `; canary ${remote.canary.version} to ${remote.canary.percent}% of devices` : ''),
  ...remote.releases.map(
    (release) =>
      `  ${release.version}${release.version === remote.serving ? '  ← served' : ''}${release.version === remote.canary?.version ? `  ← canary (${remote.canary.percent}%)` : ''}` +
      (release.compatible ? '' : `  cannot run under the deployed shell: needs ${release.problems}`),
  ),
];
const REMOTE_NAME = new RegExp(REMOTE_NAME_PATTERN);
const RELEASE_VERSION = new RegExp(RELEASE_VERSION_PATTERN);
Object.assign(OPS_COMMANDS, {
  'remote-releases': {
    usage: 'remote-releases   (each remote: deployed releases, newest first; which one is served)',
    authenticated: true,
    async run({ api, io }) {
      const remotes = (await api.call('GET', '/remotes/releases')) as RemoteReleasesValue[];
      io.write(remotes.flatMap(remoteLines).join('\n'));
    },
  },
  'remote-rollout': {
    usage: 'remote-rollout NAME VERSION   (e.g. remote-rollout mfe_lobby 1.4.0)',
    authenticated: true,
    async run({ api, positionals, io }) {
      const [name, version] = positionals;
      if (positionals.length !== 2 || !REMOTE_NAME.test(name) || !RELEASE_VERSION.test(version)) {
        throw new UsageError('Name the remote and the release, e.g. remote-rollout mfe_lobby 1.4.0');
      }
      const remote = (await api.call('POST', '/remotes/rollout', { body: { name, version } })) as RemoteReleasesValue;
      io.write([`Rolled out ${name} ${version}.`, ...remoteLines(remote)].join('\n'));
    },
  },
  'remote-canary': {
    usage: 'remote-canary NAME VERSION PERCENT   (e.g. remote-canary mfe_lobby 1.5.0 10: 10% of devices get 1.5.0)',
    authenticated: true,
    async run({ api, positionals, io }) {
      const [name, version, share] = positionals;
      const percent = Number(share);
      if (positionals.length !== 3 || !REMOTE_NAME.test(name) || !RELEASE_VERSION.test(version) || !/^[0-9]{1,3}$/.test(share) || percent < 1 || percent > 100) {
        throw new UsageError('Name the remote, the release and the share of devices (1-100), e.g. remote-canary mfe_lobby 1.5.0 10');
      }
      const remote = (await api.call('POST', '/remotes/canary', { body: { name, version, percent } })) as RemoteReleasesValue;
      io.write([`Canary ${name} ${version} to ${percent}% of devices; the others keep ${remote.serving ?? 'nothing'}.`, ...remoteLines(remote)].join('\n'));
    },
  },
  'remote-rollback': {
    usage: 'remote-rollback NAME   (ends the canary; without one, serves the release before the one served now)',
    authenticated: true,
    async run({ api, positionals, io }) {
      const [name] = positionals;
      if (positionals.length !== 1 || !REMOTE_NAME.test(name)) throw new UsageError('Name the remote, e.g. remote-rollback mfe_lobby');
      const remote = (await api.call('POST', '/remotes/rollback', { body: { name } })) as RemoteReleasesValue & { endedCanary: string | null };
      const done = remote.endedCanary ? `Ended the canary of ${name} ${remote.endedCanary}: every device gets ${remote.serving ?? 'nothing'}.` : `Rolled ${name} back to ${remote.serving ?? 'nothing'}.`;
      io.write([done, ...remoteLines(remote)].join('\n'));
    },
  },
} satisfies Record<string, OpsCommand>);

// Releases of the back office's sections (modules/remotes, backoffice-sections.operator-routes.ts).
interface SectionReleasesValue {
  name: string;
  pinned: string | null;
  serving: string | null;
  releases: { version: string; compatible: boolean; problem: string }[];
}
const sectionLines = (section: SectionReleasesValue): string[] => [
  `${section.name}: serving ${section.serving ?? 'nothing'}` +
    (section.pinned === null
      ? ' (the newest)'
      : section.pinned === section.serving
        ? ` (pinned ${section.pinned})`
        : ` (pinned ${section.pinned}, no longer deployed or not runnable: the newest is served)`),
  ...section.releases.map((release) => `  ${release.version}${release.version === section.serving ? '  ← served' : ''}${release.compatible ? '' : `  (cannot run: ${release.problem})`}`),
];
const SECTION_NAME = new RegExp(SECTION_NAME_PATTERN);
/** The one section NAME a verb takes; a usage error otherwise. */
const sectionName = (positionals: string[], verb: string): string => {
  const [name] = positionals;
  if (positionals.length !== 1 || !SECTION_NAME.test(name)) throw new UsageError(`Name the back-office section, e.g. ${verb} cashier`);
  return name;
};
Object.assign(OPS_COMMANDS, {
  'section-releases': {
    usage: 'section-releases   (each back-office section: deployed releases, newest first; which one is served)',
    authenticated: true,
    async run({ api, io }) {
      const sections = (await api.call('GET', '/backoffice/section-releases')) as SectionReleasesValue[];
      io.write(sections.length ? sections.flatMap(sectionLines).join('\n') : 'No back-office section is deployed.');
    },
  },
  'section-rollout': {
    usage: 'section-rollout NAME VERSION   (e.g. section-rollout cashier 1.4.0)',
    authenticated: true,
    async run({ api, positionals, io }) {
      const [name, version] = positionals;
      if (positionals.length !== 2 || !SECTION_NAME.test(name) || !RELEASE_VERSION.test(version)) {
        throw new UsageError('Name the back-office section and the release, e.g. section-rollout cashier 1.4.0');
      }
      const section = (await api.call('POST', '/backoffice/section-releases/rollout', { body: { name, version } })) as SectionReleasesValue;
      io.write([`Rolled out ${name} ${version}.`, ...sectionLines(section)].join('\n'));
    },
  },
  'section-rollback': {
    usage: 'section-rollback NAME   (serves the release before the one served now, pinned)',
    authenticated: true,
    async run({ api, positionals, io }) {
      const name = sectionName(positionals, 'section-rollback');
      const section = (await api.call('POST', '/backoffice/section-releases/rollback', { body: { name } })) as SectionReleasesValue;
      io.write([`Rolled ${name} back to ${section.serving ?? 'nothing'}.`, ...sectionLines(section)].join('\n'));
    },
  },
  'section-follow': {
    usage: 'section-follow NAME   (removes the pin: the newest release is served again)',
    authenticated: true,
    async run({ api, positionals, io }) {
      const name = sectionName(positionals, 'section-follow');
      const section = (await api.call('POST', '/backoffice/section-releases/follow', { body: { name } })) as SectionReleasesValue;
      io.write([`${name} follows the newest release: ${section.serving ?? 'nothing'}.`, ...sectionLines(section)].join('\n'));
    },
  },
} satisfies Record<string, OpsCommand>);

// Affiliate applications (modules/agent, POST /wps/agent/application).
const applicationId = (positionals: string[], usage: string): string => {
  const [id] = positionals;
  if (positionals.length !== 1 || !/^[1-9][0-9]{0,15}$/.test(id)) throw new UsageError(usage);
  return id;
};
const decideApplication = (approve: boolean): OpsCommand => {
  const usage = `${approve ? 'approve' : 'reject'}-application ID [--answer TEXT]`;
  return {
    usage,
    authenticated: true,
    async run({ api, positionals, options, io }) {
      const id = applicationId(positionals, usage);
      const value = (await api.call('POST', `/affiliate-applications/${id}/decision`, { body: { approve, answer: options.answer ?? '' } })) as { state: string };
      io.write(approve ? `Application ${id} approved: the member is now an agent.` : `Application ${id} ${value.state}.`);
    },
  };
};
Object.assign(OPS_COMMANDS, {
  applications: {
    usage: 'applications [--status pending|approved|rejected] [--limit N]   (newest first)',
    authenticated: true,
    async run({ api, options, io }) {
      const rows = (await api.call('GET', '/affiliate-applications', { query: { state: options.status, limit: options.limit } })) as Record<string, unknown>[];
      const shown = rows.map((row) => ({
        ...row,
        createdTime: isoTime(row.createdTime),
        contact: String(row.contact).replace(/\s+/g, ' '),
        message: String(row.message).replace(/\s+/g, ' '),
      }));
      for (const line of formatTable(shown, ['applicationId', 'createdTime', 'username', 'state', 'contact', 'message'])) io.write(line);
    },
  },
  'approve-application': decideApplication(true),
  'reject-application': decideApplication(false),
} satisfies Record<string, OpsCommand>);

// The merchant's contracts with top agents (modules/agent).
const CONTRACT_KINDS = ['realtime', 'daily', 'hourly', 'dividend'];
const contractKind = (options: Record<string, unknown>, usage: string): string => {
  const kind = options.kind;
  if (typeof kind !== 'string' || !CONTRACT_KINDS.includes(kind)) throw new UsageError(usage);
  return kind;
};
Object.assign(OPS_COMMANDS, {
  'agent-contract': {
    usage: 'agent-contract USERNAME --kind realtime|daily|hourly|dividend --terms JSON   e.g. --kind dividend --terms \'{"cycle":"weekly","tiers":[{"loss":0,"active":1,"rate":2500}]}\'',
    authenticated: true,
    async run({ api, positionals, options, io }) {
      const usage = 'agent-contract USERNAME --kind realtime|daily|hourly|dividend --terms JSON';
      const [username] = positionals;
      const kind = contractKind(options, usage);
      if (positionals.length !== 1 || typeof options.terms !== 'string') throw new UsageError(usage);
      let terms: unknown;
      try {
        terms = JSON.parse(options.terms);
      } catch {
        throw new UsageError('--terms must be JSON, e.g. {"default":{"profitRate":100,"lossRate":50}}');
      }
      const value = (await api.call('POST', '/agent-contracts', { body: { username, kind, terms } })) as { contractId: number };
      io.write(`Contract ${value.contractId} (${kind}) with ${username} is active.`);
    },
  },
  'end-agent-contract': {
    usage: 'end-agent-contract USERNAME --kind realtime|daily|hourly|dividend',
    authenticated: true,
    async run({ api, positionals, options, io }) {
      const usage = 'end-agent-contract USERNAME --kind realtime|daily|hourly|dividend';
      const kind = contractKind(options, usage);
      if (positionals.length !== 1) throw new UsageError(usage);
      await api.call('POST', '/agent-contracts/end', { body: { username: positionals[0], kind } });
      io.write(`The merchant's ${kind} contract with ${positionals[0]} has ended.`);
    },
  },
} satisfies Record<string, OpsCommand>);

// Promotions (modules/promotion, promotion.operator-routes.ts).
const jsonOption = (options: Record<string, unknown>, usage: string): unknown => {
  if (typeof options.json !== 'string') throw new UsageError(usage);
  try {
    return JSON.parse(options.json);
  } catch {
    throw new UsageError(`--json must be JSON. ${usage}`);
  }
};
const promotionIdOf = (positionals: string[], usage: string): string => {
  if (positionals.length !== 1 || !/^[1-9][0-9]{0,9}$/.test(positionals[0])) throw new UsageError(usage);
  return positionals[0];
};
const PROMOTION_COLUMNS = ['id', 'title', 'category', 'trigger', 'enabled', 'promoCode', 'joined', 'claimed', 'takenBack', 'cost'];
Object.assign(OPS_COMMANDS, {
  promotions: {
    usage: 'promotions   (each with its members joined, bonuses claimed and taken back, and what it cost)',
    authenticated: true,
    async run({ api, io }) {
      const value = (await api.call('GET', '/promotions')) as { list: Record<string, unknown>[] };
      for (const line of formatTable(value.list, PROMOTION_COLUMNS)) io.write(line);
    },
  },
  'promotion-create': {
    usage: 'promotion-create --json JSON   e.g. \'{"category":"limited","title":"Reload 50%","imageUrl":"/assets/promotions/daily-reload.svg","rules":{"trigger":"deposit","reward":{"kind":"percent","percent":50,"cap":100},"minDeposit":10,"wagering":{"multiplier":5}}}\'',
    authenticated: true,
    async run({ api, options, io }) {
      const body = jsonOption(options, 'promotion-create --json JSON');
      const value = (await api.call('POST', '/promotions', { body })) as Record<string, unknown>;
      io.write(`Promotion ${value.id} created (${value.enabled ? 'shown' : 'paused'}).`);
    },
  },
  'promotion-update': {
    usage: 'promotion-update ID --json JSON   (only the fields given, e.g. \'{"endTime":null}\' or a whole "rules" object)',
    authenticated: true,
    async run({ api, positionals, options, io }) {
      const usage = 'promotion-update ID --json JSON';
      const id = promotionIdOf(positionals, usage);
      await api.call('POST', `/promotions/${id}`, { body: jsonOption(options, usage) });
      io.write(`Promotion ${id} changed.`);
    },
  },
  'promotion-pause': {
    usage: 'promotion-pause ID   (hidden: no one sees, joins or claims it)',
    authenticated: true,
    async run({ api, positionals, io }) {
      const id = promotionIdOf(positionals, 'promotion-pause ID');
      await api.call('POST', `/promotions/${id}/pause`);
      io.write(`Promotion ${id} paused.`);
    },
  },
  'promotion-resume': {
    usage: 'promotion-resume ID',
    authenticated: true,
    async run({ api, positionals, io }) {
      const id = promotionIdOf(positionals, 'promotion-resume ID');
      await api.call('POST', `/promotions/${id}/resume`);
      io.write(`Promotion ${id} shown again.`);
    },
  },
  'promotion-claims': {
    usage: 'promotion-claims ID   (its members, newest first)',
    authenticated: true,
    async run({ api, positionals, io }) {
      const id = promotionIdOf(positionals, 'promotion-claims ID');
      const value = (await api.call('GET', `/promotions/${id}/claims`)) as { list: Record<string, unknown>[] };
      const rows = value.list.map((row) => ({ ...row, joinedAt: isoTime(row.joinedAt), claimedAt: row.claimedAt ? isoTime(row.claimedAt) : '' }));
      for (const line of formatTable(rows, ['username', 'state', 'period', 'joinedAt', 'claimedAt', 'deposit', 'bonus', 'tickets', 'points', 'requirement', 'takenBack'])) io.write(line);
    },
  },
  'promotion-applications': {
    usage: 'promotion-applications [--waiting]   (applications for promotions: those waiting first, oldest first)',
    authenticated: true,
    async run({ api, options, io }) {
      const value = (await api.call('GET', `/promotions/applications${options.waiting ? '?waiting=true' : ''}`)) as { list: Record<string, unknown>[] };
      const rows = value.list.map((row) => ({ ...row, appliedAt: isoTime(row.appliedAt), reviewedAt: row.reviewedAt ? isoTime(row.reviewedAt) : '' }));
      for (const line of formatTable(rows, ['claimId', 'promotionTitle', 'username', 'state', 'comment', 'imageCount', 'appliedAt', 'reviewedBy', 'rejectReason'])) io.write(line);
    },
  },
  'promotion-approve': {
    usage: "promotion-approve CLAIM_ID   (pays the application's reward, once)",
    authenticated: true,
    async run({ api, positionals, io }) {
      const id = promotionIdOf(positionals, 'promotion-approve CLAIM_ID');
      const value = (await api.call('POST', `/promotions/applications/${id}/approve`)) as { bonus: number | null; tickets: number | null; points: number | null };
      const reward = value.bonus !== null ? `${value.bonus} paid` : value.points !== null ? `${value.points} points given` : `${value.tickets} prize-wheel tickets given`;
      io.write(`Application ${id} approved: ${reward}.`);
    },
  },
  'promotion-reject': {
    usage: 'promotion-reject CLAIM_ID --reason TEXT   (the member reads the reason on the promotion)',
    authenticated: true,
    async run({ api, positionals, options, io }) {
      const usage = 'promotion-reject CLAIM_ID --reason TEXT';
      const id = promotionIdOf(positionals, usage);
      if (typeof options.reason !== 'string' || options.reason.trim() === '') throw new UsageError(usage);
      await api.call('POST', `/promotions/applications/${id}/reject`, { body: { reason: options.reason } });
      io.write(`Application ${id} rejected.`);
    },
  },
  'promotion-issue': {
    usage: "promotion-issue ID USERNAME...   (an issued promotion's reward to each member, once)",
    authenticated: true,
    async run({ api, positionals, io }) {
      const usage = 'promotion-issue ID USERNAME...';
      const id = promotionIdOf(positionals.slice(0, 1), usage);
      if (positionals.length < 2) throw new UsageError(usage);
      const value = (await api.call('POST', `/promotions/${id}/issue`, { body: { usernames: positionals.slice(1) } })) as { list: Record<string, unknown>[] };
      for (const line of formatTable(value.list, ['username', 'outcome'])) io.write(line);
    },
  },
} satisfies Record<string, OpsCommand>);

// Member labels (modules/member-label, member-label.operator-routes.ts).
const LABEL_COLUMNS = ['id', 'name', 'shown', 'textColor', 'backgroundColor', 'members'];
const labelMembersCommand = (verb: 'add' | 'remove'): OpsCommand => ({
  usage: `member-label-${verb} ID USERNAME...   (${verb === 'add' ? 'puts the label on each member' : 'takes the label off each member'})`,
  authenticated: true,
  async run({ api, positionals, io }) {
    const usage = `member-label-${verb} ID USERNAME...`;
    const id = promotionIdOf(positionals.slice(0, 1), usage);
    if (positionals.length < 2) throw new UsageError(usage);
    const value = (await api.call('POST', `/member-labels/${id}/members`, { body: { [verb]: positionals.slice(1) } })) as { list: Record<string, unknown>[] };
    for (const line of formatTable(value.list, ['username', 'outcome'])) io.write(line);
  },
});
Object.assign(OPS_COMMANDS, {
  'member-labels': {
    usage: "member-labels [USERNAME]   (the merchant's member labels; with a username, that member's)",
    authenticated: true,
    async run({ api, positionals, io }) {
      if (positionals.length > 1) throw new UsageError('member-labels [USERNAME]');
      const path = positionals[0] ? `/member-labels/members/${encodeURIComponent(positionals[0])}` : '/member-labels';
      const value = (await api.call('GET', path)) as { list: Record<string, unknown>[] };
      for (const line of formatTable(value.list, LABEL_COLUMNS)) io.write(line);
    },
  },
  'member-label-create': {
    usage: 'member-label-create --json JSON   e.g. \'{"name":"High rollers","shown":false,"textColor":"#ffffff","backgroundColor":"#8a2be2"}\'',
    authenticated: true,
    async run({ api, options, io }) {
      const value = (await api.call('POST', '/member-labels', { body: jsonOption(options, 'member-label-create --json JSON') })) as Record<string, unknown>;
      for (const line of formatTable([value], LABEL_COLUMNS)) io.write(line);
    },
  },
  'member-label-set': {
    usage: 'member-label-set ID --json JSON   (only the fields given: name, shown, textColor, backgroundColor)',
    authenticated: true,
    async run({ api, positionals, options, io }) {
      const usage = 'member-label-set ID --json JSON';
      const id = promotionIdOf(positionals, usage);
      const value = (await api.call('POST', `/member-labels/${id}`, { body: jsonOption(options, usage) })) as Record<string, unknown>;
      for (const line of formatTable([value], LABEL_COLUMNS)) io.write(line);
    },
  },
  'member-label-add': labelMembersCommand('add'),
  'member-label-remove': labelMembersCommand('remove'),
} satisfies Record<string, OpsCommand>);

// The betting rebate (modules/rebate, rebate.operator-routes.ts).
const rebateLines = (value: { mode: string; rates: { vipLevel: number; category: string; percent: number }[] }): string[] => [
  `Mode: ${value.mode} (${value.mode === 'auto' ? 'paid by the daily job' : 'claimed by each member in the member centre'}).`,
  ...formatTable(value.rates.map((rate) => ({ ...rate, percent: `${rate.percent}%` })), ['vipLevel', 'category', 'percent']),
];
Object.assign(OPS_COMMANDS, {
  'rebate-settings': {
    usage: 'rebate-settings   (the mode and each VIP level\'s rate per product category, percent of the settled stake)',
    authenticated: true,
    async run({ api, io }) {
      const value = (await api.call('GET', '/rebate/settings')) as Parameters<typeof rebateLines>[0];
      for (const line of rebateLines(value)) io.write(line);
    },
  },
  'rebate-settings-set': {
    usage: 'rebate-settings-set --json JSON   e.g. \'{"mode":"manual","rates":[{"vipLevel":0,"category":"rng","percent":0.8}]}\' (categories lott elott rng live fish pvp sports; at most 10 %, two decimals)',
    authenticated: true,
    async run({ api, options, io }) {
      const body = jsonOption(options, 'rebate-settings-set --json JSON');
      const value = (await api.call('PUT', '/rebate/settings', { body })) as Parameters<typeof rebateLines>[0];
      for (const line of ['Rebate settings saved.', ...rebateLines(value)]) io.write(line);
    },
  },
} satisfies Record<string, OpsCommand>);

// Invite a friend (modules/referral, referral.operator-routes.ts).
interface ReferralSettingsValue {
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
  achievements: { configId: number; friends: number; bonus: number }[];
}
const referralLines = (value: ReferralSettingsValue): string[] => [
  `Invite a friend: ${value.enabled ? 'on' : 'off'}. Share links on ${value.mainDomain ?? 'the address the member is on'}.`,
  `A friend qualifies with a first deposit of ${value.minFirstDeposit.toFixed(2)} and a real stake of ${value.minValidStake.toFixed(2)}; the inviter gets ${value.invitationReward.toFixed(2)}.`,
  `Rebates on friends' deposits: level 1 ${value.depositRateLevel1}%, level 2 ${value.depositRateLevel2}%; on their stakes: level 1 ${value.betRateLevel1}%, level 2 ${value.betRateLevel2}%.`,
  `Friends sharing an address with the inviter or a rewarded friend: ${value.checkAddress ? 'refused' : 'allowed'} (devices and cards are always compared).`,
  ...formatTable(value.achievements.map((row) => ({ ...row, bonus: row.bonus.toFixed(2) })), ['configId', 'friends', 'bonus']),
];
Object.assign(OPS_COMMANDS, {
  'referral-settings': {
    usage: 'referral-settings   (invite a friend: on/off, qualification, rewards, rebate rates per level, achievements)',
    authenticated: true,
    async run({ api, io }) {
      const value = (await api.call('GET', '/referral/settings')) as ReferralSettingsValue;
      for (const line of referralLines(value)) io.write(line);
    },
  },
  'referral-settings-set': {
    usage:
      'referral-settings-set --json JSON   e.g. \'{"enabled":true,"minFirstDeposit":200,"minValidStake":500,"invitationReward":100,"depositRateLevel1":1,"betRateLevel1":0.3,"achievements":[{"friends":3,"bonus":150}]}\' (rates percent, two decimals, at most 10; achievements: the whole list)',
    authenticated: true,
    async run({ api, options, io }) {
      const body = jsonOption(options, 'referral-settings-set --json JSON');
      const value = (await api.call('PUT', '/referral/settings', { body })) as ReferralSettingsValue;
      for (const line of ['Referral settings saved.', ...referralLines(value)]) io.write(line);
    },
  },
  'referral-member': {
    usage: 'referral-member USERNAME   (the member\'s invitation code, who invited it, its friends and what it earned from them)',
    authenticated: true,
    async run({ api, positionals, io }) {
      if (positionals.length !== 1) throw new UsageError('referral-member USERNAME');
      const value = (await api.call('GET', `/referral/members/${encodeURIComponent(positionals[0])}`)) as {
        username: string;
        code: string | null;
        invitedBy: string | null;
        counts: { invited: number; deposited: number; qualified: number; refused: number };
        income: { invitation: number; depositRebate: number; betRebate: number; achievement: number };
        friends: { username: string; invitedAt: number; state: string; refusedReason: string | null; firstDepositAt: number | null; reward: number | null }[];
      };
      io.write(`${value.username}: code ${value.code ?? '(none yet)'}, invited by ${value.invitedBy ?? 'nobody'}.`);
      io.write(`Friends: ${value.counts.invited} invited, ${value.counts.deposited} deposited, ${value.counts.qualified} rewarded, ${value.counts.refused} refused.`);
      io.write(
        `Earned: invitations ${value.income.invitation.toFixed(2)}, deposit rebates ${value.income.depositRebate.toFixed(2)}, ` +
          `betting rebates ${value.income.betRebate.toFixed(2)}, achievements ${value.income.achievement.toFixed(2)}.`,
      );
      const rows = value.friends.map((friend) => ({
        username: friend.username,
        invitedAt: new Date(friend.invitedAt).toISOString(),
        state: friend.refusedReason ? `${friend.state} (${friend.refusedReason})` : friend.state,
        firstDeposit: friend.firstDepositAt === null ? '-' : new Date(friend.firstDepositAt).toISOString(),
        reward: friend.reward === null ? '-' : friend.reward.toFixed(2),
      }));
      for (const line of formatTable(rows, ['username', 'invitedAt', 'state', 'firstDeposit', 'reward'])) io.write(line);
    },
  },
} satisfies Record<string, OpsCommand>);

// Points and the point mall (modules/points, points.operator-routes.ts).
const pointItemColumns = ['itemId', 'kind', 'name', 'point', 'amount', 'stock', 'memberLimit', 'enabled'];
const pointItemRow = (item: Record<string, unknown>) => ({ ...item, name: (item.names as Record<string, string>).EN, stock: item.stock ?? 'unlimited', memberLimit: item.memberLimit ?? '-' });
Object.assign(OPS_COMMANDS, {
  'points-settings': {
    usage: 'points-settings   (earning rules per source and the conversion of points to money)',
    authenticated: true,
    async run({ api, io }) {
      const value = (await api.call('GET', '/points/settings')) as { rules: Record<string, unknown>[]; convert: { points: number; amount: number; minPoints: number; enabled: boolean } | null };
      for (const line of formatTable(value.rules, ['source', 'perAmount', 'points'])) io.write(line);
      io.write(value.convert ? `Conversion: ${value.convert.points} points = ${value.convert.amount.toFixed(2)}, at least ${value.convert.minPoints} points${value.convert.enabled ? '' : ' (off)'}.` : 'Conversion: none.');
    },
  },
  'points-settings-set': {
    usage: 'points-settings-set --json JSON   e.g. \'{"rules":[{"source":"rng","perAmount":10,"points":1}],"convert":{"points":100,"amount":1,"minPoints":100}}\' (sources lott elott rng live fish pvp sports deposit)',
    authenticated: true,
    async run({ api, options, io }) {
      await api.call('PUT', '/points/settings', { body: jsonOption(options, 'points-settings-set --json JSON') });
      io.write('Points settings saved.');
    },
  },
  'points-items': {
    usage: 'points-items   (the point mall catalogue, disabled items too)',
    authenticated: true,
    async run({ api, io }) {
      const value = (await api.call('GET', '/points/items')) as { list: Record<string, unknown>[] };
      for (const line of formatTable(value.list.map(pointItemRow), pointItemColumns)) io.write(line);
    },
  },
  'points-item-add': {
    usage: 'points-item-add --json JSON   e.g. \'{"kind":"credit","names":{"EN":"5.00 credit",...seven languages},"point":500,"amount":5,"stock":100}\' (kinds credit bonus tickets physical)',
    authenticated: true,
    async run({ api, options, io }) {
      const item = (await api.call('POST', '/points/items', { body: jsonOption(options, 'points-item-add --json JSON') })) as Record<string, unknown>;
      io.write(`Item ${item.itemId} added.`);
    },
  },
  'points-item-set': {
    usage: 'points-item-set ID --json JSON   e.g. \'{"stock":50}\', \'{"enabled":false}\' (only the fields given change)',
    authenticated: true,
    async run({ api, positionals, options, io }) {
      const id = positiveInteger(positionals[0], 9007199254740991);
      if (positionals.length !== 1 || id === undefined) throw new UsageError('points-item-set ID --json JSON');
      const item = (await api.call('POST', `/points/items/${id}`, { body: jsonOption(options, 'points-item-set ID --json JSON') })) as Record<string, unknown>;
      for (const line of formatTable([pointItemRow(item)], pointItemColumns)) io.write(line);
    },
  },
  'points-redeems': {
    usage: 'points-redeems [--status pending|delivered|physical|all]   (redeems, newest first)',
    authenticated: true,
    async run({ api, options, io }) {
      const status = options.status ?? 'all';
      if (!['pending', 'delivered', 'physical', 'all'].includes(status)) throw new UsageError('points-redeems [--status pending|delivered|physical|all]');
      const value = (await api.call('GET', `/points/redeems?status=${status}`)) as { list: Record<string, unknown>[] };
      for (const line of formatTable(value.list.map((row) => ({ ...row, deliveryStatus: row.deliveryStatus ?? '-' })), ['redeemId', 'username', 'name', 'kind', 'point', 'deliveryStatus'])) io.write(line);
    },
  },
  'points-deliver': {
    usage: 'points-deliver REDEEM_ID [--note TEXT]   (a gift marked delivered, once)',
    authenticated: true,
    async run({ api, positionals, options, io }) {
      const id = positiveInteger(positionals[0], 9007199254740991);
      if (positionals.length !== 1 || id === undefined) throw new UsageError('points-deliver REDEEM_ID [--note TEXT]');
      await api.call('POST', `/points/redeems/${id}/deliver`, { body: options.note ? { note: options.note } : {} });
      io.write(`Redeem ${id} marked delivered.`);
    },
  },
  'points-balance': {
    usage: "points-balance USERNAME   (a member's points)",
    authenticated: true,
    async run({ api, positionals, io }) {
      if (positionals.length !== 1) throw new UsageError('points-balance USERNAME');
      const value = (await api.call('GET', `/points/members/${encodeURIComponent(positionals[0])}`)) as { username: string; point: number };
      io.write(`${value.username} has ${value.point} point(s).`);
    },
  },
  'points-adjust': {
    usage: "points-adjust USERNAME POINTS --reason TEXT   (POINTS signed: -50 takes 50; never below zero)",
    authenticated: true,
    async run({ api, positionals, options, io }) {
      const usage = 'points-adjust USERNAME POINTS --reason TEXT';
      if (positionals.length !== 2 || !/^-?[1-9][0-9]{0,8}$/.test(positionals[1]) || typeof options.reason !== 'string' || !options.reason.trim()) throw new UsageError(usage);
      const value = (await api.call('POST', `/points/members/${encodeURIComponent(positionals[0])}/adjust`, {
        body: { points: Number(positionals[1]), reason: options.reason },
        idempotencyKey: options['idempotency-key'] ?? randomUUID(),
      })) as { username: string; point: number; replayed: boolean };
      io.write(`${value.replayed ? 'Already adjusted' : 'Adjusted'}: ${value.username} has ${value.point} point(s).`);
    },
  },
  'points-earn': {
    usage: "points-earn YYYY-MM-DD   (count a closed day's points now; credits only what was not credited)",
    authenticated: true,
    async run({ api, positionals, io }) {
      if (positionals.length !== 1 || !/^\d{4}-\d{2}-\d{2}$/.test(positionals[0])) throw new UsageError('points-earn YYYY-MM-DD');
      const value = (await api.call('POST', '/points/earn', { body: { balanceDate: positionals[0] } })) as { balanceDate: string; credits: number; points: number };
      io.write(`Counted ${value.balanceDate}: ${value.credits} credit(s), ${value.points} point(s).`);
    },
  },
} satisfies Record<string, OpsCommand>);

// Missions and their leaderboards (modules/mission, mission.operator-routes.ts).
interface MissionLine {
  id: number;
  name: string;
  start: string;
  end: string;
  status: string;
  paused: boolean;
  device: string;
  leaderboardMetric: string | null;
  leaderboardPaid: boolean;
  milestones: { id: number; kind: string; target: number; reward: { amount: number | null; tickets: number | null; wageringMultiplier: number } }[];
  prizes: { rank: number; amount: number }[];
  claims: number;
  claimedAmount: number;
  ticketsGiven: number;
  leaderboardPaidAmount: number;
}
const missionIdOf = (positionals: string[], usage: string): string => {
  if (positionals.length !== 1 || !/^[1-9][0-9]{0,9}$/.test(positionals[0])) throw new UsageError(usage);
  return positionals[0];
};
const missionLines = (mission: MissionLine): string[] => [
  `Mission ${mission.id} "${mission.name}": ${mission.start} to ${mission.end} (merchant time), ${mission.paused ? 'paused' : mission.status}, device ${mission.device}.`,
  ...formatTable(
    mission.milestones.map((row) => ({ ...row, reward: row.reward.amount !== null ? `${row.reward.amount} (${row.reward.wageringMultiplier}x to wager)` : `${row.reward.tickets} tickets` })),
    ['id', 'kind', 'target', 'reward'],
  ),
  mission.leaderboardMetric
    ? `Leaderboard by ${mission.leaderboardMetric}: ${mission.prizes.map((prize) => `#${prize.rank} ${prize.amount}`).join(', ') || 'no prizes'}${mission.leaderboardPaid ? ` (paid ${mission.leaderboardPaidAmount})` : ''}.`
    : 'No leaderboard.',
];
Object.assign(OPS_COMMANDS, {
  missions: {
    usage: 'missions   (each mission: window, state, claims and what it has paid)',
    authenticated: true,
    async run({ api, io }) {
      const value = (await api.call('GET', '/missions')) as { list: MissionLine[] };
      const rows = value.list.map((mission) => ({ ...mission, state: mission.paused ? 'paused' : mission.status, leaderboard: mission.leaderboardMetric ?? '', paid: mission.claimedAmount + mission.leaderboardPaidAmount }));
      for (const line of formatTable(rows, ['id', 'name', 'start', 'end', 'state', 'device', 'leaderboard', 'claims', 'ticketsGiven', 'paid'])) io.write(line);
    },
  },
  'mission-create': {
    usage: 'mission-create --json JSON   e.g. \'{"name":"Week","start":"2026-12-01 00:00","end":"2026-12-08 00:00","leaderboardMetric":"stake","milestones":[{"kind":"stake","target":100,"reward":{"amount":5,"wageringMultiplier":3}}],"prizes":[{"rank":1,"amount":50}]}\' (kinds stake deposits wins sign_ins variety; a reward is an amount or tickets)',
    authenticated: true,
    async run({ api, options, io }) {
      const value = (await api.call('POST', '/missions', { body: jsonOption(options, 'mission-create --json JSON') })) as MissionLine;
      for (const line of ['Mission created.', ...missionLines(value)]) io.write(line);
    },
  },
  'mission-update': {
    usage: 'mission-update ID --json JSON   (only the fields given; milestones and prizes are replaced as a whole, claimed milestones and paid prizes stay)',
    authenticated: true,
    async run({ api, positionals, options, io }) {
      const id = missionIdOf(positionals, 'mission-update ID --json JSON');
      const value = (await api.call('POST', `/missions/${id}`, { body: jsonOption(options, 'mission-update ID --json JSON') })) as MissionLine;
      for (const line of ['Mission saved.', ...missionLines(value)]) io.write(line);
    },
  },
  ...Object.fromEntries(
    (['pause', 'resume'] as const).map((action) => [
      `mission-${action}`,
      {
        usage: `mission-${action} ID   (${action === 'pause' ? 'hides it: no one sees or claims it, its leaderboard waits' : 'shows it again'})`,
        authenticated: true,
        async run({ api, positionals, io }) {
          const id = missionIdOf(positionals, `mission-${action} ID`);
          const value = (await api.call('POST', `/missions/${id}/${action}`)) as MissionLine;
          io.write(`Mission ${value.id} ${value.paused ? 'paused' : 'resumed'}.`);
        },
      } satisfies OpsCommand,
    ]),
  ),
  'mission-progress': {
    usage: 'mission-progress ID [--username NAME]   (the leaderboard as it stands; with a member, its progress in each milestone)',
    authenticated: true,
    async run({ api, positionals, options, io }) {
      const id = missionIdOf(positionals, 'mission-progress ID [--username NAME]');
      const value = (await api.call('GET', `/missions/${id}/progress`, { query: { username: options.username } })) as {
        leaderboard: Record<string, unknown>[];
        member: { username: string; rank: number | null; milestones: Record<string, unknown>[] } | null;
      };
      for (const line of formatTable(value.leaderboard, ['rank', 'username', 'score'])) io.write(line);
      if (value.member) {
        io.write(`${value.member.username}: rank ${value.member.rank ?? '-'}.`);
        for (const line of formatTable(value.member.milestones.map((row) => ({ ...row, claimed: row.claimedAt ? 'yes' : 'no' })), ['id', 'kind', 'target', 'progress', 'claimed'])) io.write(line);
      }
    },
  },
  'mission-payouts': {
    usage: 'mission-payouts ID   (its milestone claims, newest first, and its leaderboard prizes paid)',
    authenticated: true,
    async run({ api, positionals, io }) {
      const id = missionIdOf(positionals, 'mission-payouts ID');
      const value = (await api.call('GET', `/missions/${id}/payouts`)) as { claims: Record<string, unknown>[]; leaderboard: Record<string, unknown>[]; leaderboardPaid: boolean };
      io.write('Milestone claims:');
      for (const line of formatTable(value.claims, ['milestoneId', 'username', 'amount', 'tickets'])) io.write(line);
      io.write(value.leaderboardPaid ? 'Leaderboard prizes paid:' : 'Leaderboard not paid yet.');
      for (const line of formatTable(value.leaderboard, ['rank', 'username', 'score', 'amount'])) io.write(line);
    },
  },
} satisfies Record<string, OpsCommand>);

// VIP ranks (modules/vip, vip.operator-routes.ts).
interface VipLevelLine {
  level: number;
  clubLabel: string;
  names: Record<string, string>;
  reach: Record<string, number>;
  keep: Record<string, number>;
  upgradeBonus: number;
  monthlySalary: number;
  withdrawDailyCountExtra: number;
  withdrawFreeExtra: number;
  withdrawPriority: boolean;
}
const vipLevelLines = (value: { list: VipLevelLine[] }): string[] =>
  formatTable(
    value.list.map((level) => ({
      level: level.level,
      name: level.names.EN ?? '',
      club: level.clubLabel,
      monthTurnover: level.reach.monthlyTurnover,
      monthDeposit: level.reach.monthlyDeposit,
      totalTurnover: level.reach.totalTurnover,
      totalDeposit: level.reach.totalDeposit,
      keepTurnover: level.keep.monthlyTurnover,
      keepDeposit: level.keep.monthlyDeposit,
      upgradeBonus: level.upgradeBonus,
      salary: level.monthlySalary,
      moreWithdrawals: level.withdrawDailyCountExtra,
      moreFree: level.withdrawFreeExtra,
      priority: level.withdrawPriority ? 'yes' : '',
    })),
    [
      'level', 'name', 'club', 'monthTurnover', 'monthDeposit', 'totalTurnover', 'totalDeposit', 'keepTurnover', 'keepDeposit', 'upgradeBonus', 'salary',
      'moreWithdrawals', 'moreFree', 'priority',
    ],
  );
const vipLevelOf = (text: string | undefined, usage: string): number => {
  if (!text || !/^\d{1,2}$/.test(text)) throw new UsageError(usage);
  return Number(text);
};
Object.assign(OPS_COMMANDS, {
  'vip-levels': {
    usage: 'vip-levels   (the VIP ladder: requirements to reach and keep each level, its upgrade bonus, monthly salary and withdrawal perks: more a day, more free a day, reviewed first)',
    authenticated: true,
    async run({ api, io }) {
      for (const line of vipLevelLines((await api.call('GET', '/vip/levels')) as { list: VipLevelLine[] })) io.write(line);
    },
  },
  'vip-level-set': {
    usage:
      'vip-level-set LEVEL --json JSON   e.g. \'{"reach":{"monthlyTurnover":5000,"monthlyDeposit":1000},"upgradeBonus":58}\' (a new level also needs clubLabel, color, color2); ' +
      'withdrawal perks: \'{"withdrawDailyCountExtra":2,"withdrawFreeExtra":1,"withdrawPriority":true}\' (whole numbers 0-100; none at level 0)',
    authenticated: true,
    async run({ api, positionals, options, io }) {
      const usage = 'vip-level-set LEVEL --json JSON';
      const level = vipLevelOf(positionals[0], usage);
      const value = (await api.call('PUT', `/vip/levels/${level}`, { body: jsonOption(options, usage) })) as { list: VipLevelLine[] };
      for (const line of [`VIP level ${level} saved.`, ...vipLevelLines(value)]) io.write(line);
    },
  },
  'vip-member': {
    usage: "vip-member USERNAME   (the member's VIP level, the highest reached, and its changes, newest first)",
    authenticated: true,
    async run({ api, positionals, io }) {
      if (!positionals[0]) throw new UsageError('vip-member USERNAME');
      const value = (await api.call('GET', `/vip/members/${encodeURIComponent(positionals[0])}`)) as { username: string; level: number; highestLevel: number; changes: Record<string, unknown>[] };
      io.write(`${value.username}: level ${value.level} (highest reached ${value.highestLevel}).`);
      const rows = value.changes.map((change) => ({ ...change, createdAt: isoTime(change.createdAtMs) }));
      for (const line of formatTable(rows, ['createdAt', 'fromLevel', 'toLevel', 'reason', 'month', 'note'])) io.write(line);
    },
  },
  'vip-member-level': {
    usage: "vip-member-level USERNAME LEVEL --reason TEXT   (sets the member's level by hand; recorded and audited)",
    authenticated: true,
    async run({ api, positionals, options, io }) {
      const usage = 'vip-member-level USERNAME LEVEL --reason TEXT';
      if (!positionals[0] || typeof options.reason !== 'string' || options.reason.trim() === '') throw new UsageError(usage);
      const level = vipLevelOf(positionals[1], usage);
      const value = (await api.call('PUT', `/vip/members/${encodeURIComponent(positionals[0])}/level`, { body: { level, note: options.reason } })) as { username: string; fromLevel: number; level: number; changed: boolean };
      io.write(value.changed ? `${value.username}: level ${value.fromLevel} → ${value.level}.` : `${value.username} is at level ${value.level} already.`);
    },
  },
  'vip-month-end': {
    usage: 'vip-month-end YYYY-MM   (decides an ended month: promotions and relegations, once)',
    authenticated: true,
    async run({ api, positionals, io }) {
      if (!positionals[0]) throw new UsageError('vip-month-end YYYY-MM');
      const value = (await api.call('POST', '/vip/month-end', { body: { month: positionals[0] } })) as { month: string; ran: boolean; ranBy: string; ranAtMs: number; promoted: number; relegated: number };
      io.write(
        value.ran
          ? `Month ${value.month} decided: ${value.promoted} promoted, ${value.relegated} relegated.`
          : `Month ${value.month} was decided already (${value.ranBy}, ${isoTime(value.ranAtMs)}): ${value.promoted} promoted, ${value.relegated} relegated.`,
      );
    },
  },
  'vip-claims': {
    usage: 'vip-claims [--username NAME] [--page N]   (VIP benefits claimed, newest first)',
    authenticated: true,
    async run({ api, options, io }) {
      const value = (await api.call('GET', '/vip/claims', { query: { username: options.username, page: options.page } })) as { list: Record<string, unknown>[]; total: number; sum: number };
      const rows = value.list.map((row) => ({ ...row, claimedAt: isoTime(row.claimedAt) }));
      for (const line of [...formatTable(rows, ['claimedAt', 'username', 'kind', 'level', 'period', 'amount']), `${value.total} claims, ${value.sum} paid.`]) io.write(line);
    },
  },
} satisfies Record<string, OpsCommand>);

// SMS and e-mail deliveries and the merchant's SMS provider (modules/notification).
const deliveryTime = (ms: unknown): string => (typeof ms === 'number' ? isoTime(ms) : '');
const smsProviderLines = (value: Record<string, unknown>): string[] =>
  value.configured
    ? [`SMS provider: ${String(value.provider)}, account ${String(value.accountId)}, sender ${String(value.senderId)}, ${value.baseUrl ? `at ${String(value.baseUrl)}` : "at the provider's own address"}; secret set.`]
    : [value.provider ? `SMS provider ${String(value.provider)} is set but has no secret: SMS stay in the outbox.` : 'No SMS provider: SMS stay in the outbox.'];
Object.assign(OPS_COMMANDS, {
  deliveries: {
    usage: 'deliveries [--status kept|queued|sending|sent|failed] [--channel sms|email] [--to RECIPIENT] [--limit N]   (newest first; never the texts)',
    authenticated: true,
    async run({ api, options, io }) {
      const value = (await api.call('GET', '/notifications/deliveries', {
        query: { status: options.status, channel: options.channel, recipient: options.to, limit: options.limit },
      })) as { list: Record<string, unknown>[] };
      const rows = value.list.map((row) => ({
        ...row,
        createdAt: deliveryTime(row.createdAt),
        next: deliveryTime(row.nextAttemptAt),
        done: deliveryTime(row.sentAt ?? row.failedAt),
        lastError: typeof row.lastError === 'string' ? row.lastError.slice(0, 80) : '',
      }));
      for (const line of formatTable(rows, ['id', 'createdAt', 'channel', 'recipient', 'sender', 'status', 'attempts', 'next', 'done', 'providerMessageId', 'lastError'])) io.write(line);
    },
  },
  'sms-provider': {
    usage: "sms-provider   (the merchant's SMS provider: account, sender, address; never its secret)",
    authenticated: true,
    async run({ api, io }) {
      for (const line of smsProviderLines((await api.call('GET', '/notifications/sms-provider')) as Record<string, unknown>)) io.write(line);
    },
  },
  'sms-provider-set': {
    usage: 'sms-provider-set --json \'{"provider":"twilio","accountId":"AC…","senderId":"+15005550006"}\'   (the secret from OPS_SMS_SECRET; unset: the stored one stays)',
    authenticated: true,
    async run({ api, options, io }) {
      const body = jsonOption(options, 'sms-provider-set --json JSON') as Record<string, unknown>;
      if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new UsageError('sms-provider-set --json takes a JSON object');
      if ('secret' in body) throw new UsageError('The secret is never an argument (arguments end up in shell history): set OPS_SMS_SECRET');
      const secret = io.env.OPS_SMS_SECRET;
      const value = (await api.call('PUT', '/notifications/sms-provider', { body: secret ? { ...body, secret } : body })) as Record<string, unknown>;
      for (const line of smsProviderLines(value)) io.write(line);
    },
  },
  'sms-provider-remove': {
    usage: 'sms-provider-remove   (removes the provider and its secret: SMS stay in the outbox from then on)',
    authenticated: true,
    async run({ api, io }) {
      for (const line of smsProviderLines((await api.call('DELETE', '/notifications/sms-provider')) as Record<string, unknown>)) io.write(line);
    },
  },
} satisfies Record<string, OpsCommand>);

// The live chat (modules/chat, chat.operator-routes.ts).
interface ChatConversationLine {
  conversationId: number;
  username: string;
  state: string;
  queue: string;
  operatorName: string | null;
  openedAt: number;
  closedAt: number | null;
  unreadCount: number;
}
interface ChatMessageLine {
  messageId: number;
  sender: string;
  senderName: string | null;
  kind: string;
  notice: string | null;
  text: string;
  sentAt: number;
}
const chatIdOf = (positionals: string[], usage: string): string => {
  if (!positionals[0] || !/^[1-9][0-9]{0,15}$/.test(positionals[0])) throw new UsageError(usage);
  return positionals[0];
};
/** A member's text for a terminal: control characters (escape sequences) shown as '?', never run. */
// eslint-disable-next-line no-control-regex
const terminalSafe = (text: string): string => text.replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, '?');
const chatQueueOption = (options: Record<string, string | undefined>): string | undefined => {
  const { queue } = options;
  if (queue !== undefined && queue !== 'livechat' && queue !== 'vip') throw new UsageError('--queue is livechat or vip');
  return queue;
};
const chatConversationRows = (list: ChatConversationLine[]) => list.map((row) => ({ ...row, openedAt: isoTime(row.openedAt), operatorName: row.operatorName ?? '' }));
const chatMessageLine = (message: ChatMessageLine): string => {
  const who = message.sender === 'operator' ? `operator ${message.senderName ?? ''}`.trim() : message.sender;
  const body = message.kind === 'image' ? `[image: chat-image ${message.messageId} --out FILE]` : message.kind === 'notice' ? `(${message.notice}${message.text ? `: ${message.text}` : ''})` : message.text;
  return `#${message.messageId} ${isoTime(message.sentAt)} ${who}: ${terminalSafe(body)}`;
};
/** A png or jpg file as the data URL the API takes. */
async function imageDataUrl(file: string): Promise<string> {
  const bytes = await readFile(file);
  const type = bytes.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff])) ? 'jpeg' : 'png';
  return `data:image/${type};base64,${bytes.toString('base64')}`;
}
Object.assign(OPS_COMMANDS, {
  'chat-waiting': {
    usage: 'chat-waiting [--queue livechat|vip] [--status open|waiting|active|closed|all] [--mine]   (chat conversations: waiting first, VIP first, oldest first; then active)',
    authenticated: true,
    async run({ api, options, io }) {
      const value = (await api.call('GET', '/chat/conversations', {
        query: { queue: chatQueueOption(options), state: options.status, mine: options.mine === undefined ? undefined : 'true' },
      })) as { list: ChatConversationLine[] };
      for (const line of formatTable(chatConversationRows(value.list), ['conversationId', 'state', 'queue', 'username', 'operatorName', 'openedAt', 'unreadCount'])) io.write(line);
      io.write(`${value.list.length} conversations, ${value.list.filter((row) => row.state === 'waiting').length} waiting.`);
    },
  },
  'chat-take': {
    usage: 'chat-take ID   (a waiting conversation becomes yours; refused when another operator has it)',
    authenticated: true,
    async run({ api, positionals, io }) {
      const id = chatIdOf(positionals, 'chat-take ID');
      const value = (await api.call('POST', `/chat/conversations/${id}/take`)) as { conversation: ChatConversationLine; taken: boolean };
      io.write(value.taken ? `Conversation ${id} with ${value.conversation.username} is yours.` : `Conversation ${id} with ${value.conversation.username} was yours already.`);
    },
  },
  'chat-reply': {
    usage: 'chat-reply ID TEXT | chat-reply ID --script N | chat-reply ID [TEXT] --image FILE   (takes a waiting conversation first; once per run, --idempotency-key repeats a run safely)',
    authenticated: true,
    async run({ api, positionals, options, io }) {
      const usage = 'chat-reply ID TEXT | --script N | --image FILE';
      const id = chatIdOf(positionals, usage);
      const text = positionals.slice(1).join(' ') || undefined;
      if (options.script !== undefined && !/^[1-9][0-9]{0,15}$/.test(options.script)) throw new UsageError('--script is a script id (chat-scripts)');
      if (text === undefined && options.script === undefined && options.image === undefined) throw new UsageError(usage);
      const body = {
        text,
        scriptId: options.script === undefined ? undefined : Number(options.script),
        image: options.image === undefined ? undefined : await imageDataUrl(options.image),
        // One id per run of the command: a run repeated with --idempotency-key stores nothing new.
        clientMessageId: options['idempotency-key'] ?? randomUUID(),
      };
      const value = (await api.call('POST', `/chat/conversations/${id}/reply`, { body })) as { list: ChatMessageLine[] };
      if (value.list.length === 0) io.write('Nothing sent.');
      for (const message of value.list) io.write(`Sent ${chatMessageLine(message)}`);
    },
  },
  'chat-transfer': {
    usage: 'chat-transfer ID --to OPERATOR | chat-transfer ID --queue livechat|vip   (to an operator who answers the chat, or back to a queue)',
    authenticated: true,
    async run({ api, positionals, options, io }) {
      const usage = 'chat-transfer ID --to OPERATOR | --queue livechat|vip';
      const id = chatIdOf(positionals, usage);
      const queue = chatQueueOption(options);
      if ((options.to === undefined) === (queue === undefined)) throw new UsageError(usage);
      const value = (await api.call('POST', `/chat/conversations/${id}/transfer`, { body: options.to !== undefined ? { toOperator: options.to } : { queue } })) as ChatConversationLine;
      io.write(value.state === 'waiting' ? `Conversation ${id} waits in the ${value.queue} queue.` : `Conversation ${id} is with ${value.operatorName ?? '?'}.`);
    },
  },
  'chat-close': {
    usage: 'chat-close ID',
    authenticated: true,
    async run({ api, positionals, io }) {
      const id = chatIdOf(positionals, 'chat-close ID');
      const value = (await api.call('POST', `/chat/conversations/${id}/close`)) as ChatConversationLine;
      io.write(`Conversation ${id} with ${value.username} is closed.`);
    },
  },
  'chat-show': {
    usage: 'chat-show ID [--limit N]   (the conversation and its last N messages (50), oldest first; read by its operator, the member\'s messages are marked read)',
    authenticated: true,
    async run({ api, positionals, options, io }) {
      const id = chatIdOf(positionals, 'chat-show ID [--limit N]');
      const value = (await api.call('GET', `/chat/conversations/${id}`, { query: { size: options.limit } })) as { conversation: ChatConversationLine; list: ChatMessageLine[]; hasMore: boolean };
      const c = value.conversation;
      io.write(`Conversation ${id} with ${c.username}: ${c.state}, queue ${c.queue}${c.operatorName ? `, operator ${c.operatorName}` : ''}, opened ${isoTime(c.openedAt)} UTC${c.closedAt ? `, closed ${isoTime(c.closedAt)} UTC` : ''}.`);
      if (value.hasMore) io.write('(older messages not shown)');
      for (const message of value.list) io.write(chatMessageLine(message));
    },
  },
  'chat-image': {
    usage: 'chat-image MESSAGE_ID --out FILE   (saves an image of a conversation)',
    authenticated: true,
    async run({ api, positionals, options, io }) {
      const id = chatIdOf(positionals, 'chat-image MESSAGE_ID --out FILE');
      const out = requireOption(options, 'out');
      const value = (await api.call('GET', `/chat/messages/${id}/image`)) as { contentType: string; image: string };
      await writeFile(out, Buffer.from(value.image.slice(value.image.indexOf(',') + 1), 'base64'));
      io.write(`Saved image ${id} (${value.contentType}) to ${out}.`);
    },
  },
  'chat-scripts': {
    usage: "chat-scripts   (the scripted questions and answers: members' quick questions, operators' replies with --script)",
    authenticated: true,
    async run({ api, io }) {
      const value = (await api.call('GET', '/chat/scripts')) as { list: { scriptId: number; question: string; answer: string }[] };
      for (const line of formatTable(value.list, ['scriptId', 'question', 'answer'])) io.write(line);
    },
  },
  'chat-scripts-set': {
    usage: 'chat-scripts-set --json JSON   (the whole list, e.g. \'{"list":[{"scriptId":1,"question":"…","answer":"…","texts":{"BN":{"question":"…","answer":"…"}}}]}\'; one without scriptId is new, one left out removed)',
    authenticated: true,
    async run({ api, options, io }) {
      const value = (await api.call('PUT', '/chat/scripts', { body: jsonOption(options, 'chat-scripts-set --json JSON') })) as { list: { scriptId: number; question: string; answer: string }[] };
      for (const line of ['Chat scripts saved.', ...formatTable(value.list, ['scriptId', 'question', 'answer'])]) io.write(line);
    },
  },
  'chat-settings': {
    usage: 'chat-settings   (live chat: on/off, hours in the merchant\'s time zone, away message per language)',
    authenticated: true,
    async run({ api, io }) {
      const value = (await api.call('GET', '/chat/settings')) as { settings: Record<string, unknown>; online: boolean };
      io.write(`${value.online ? 'Within' : 'Outside'} the hours now.`);
      io.write(JSON.stringify(value.settings, null, 2));
    },
  },
  'chat-settings-set': {
    usage: 'chat-settings-set --json JSON   (the keys given, e.g. \'{"enabled":true,"hours":[{"days":[1,2,3,4,5],"from":"09:00","to":"18:00"}],"awayMessage":{"EN":"…"}}\'; hours null: around the clock)',
    authenticated: true,
    async run({ api, options, io }) {
      const value = (await api.call('PUT', '/chat/settings', { body: jsonOption(options, 'chat-settings-set --json JSON') })) as { settings: Record<string, unknown>; online: boolean };
      io.write(`Chat settings saved; ${value.online ? 'within' : 'outside'} the hours now.`);
      io.write(JSON.stringify(value.settings, null, 2));
    },
  },
} satisfies Record<string, OpsCommand>);

const OPTIONS = {
  help: { type: 'boolean', short: 'h' },
  queue: { type: 'string' },
  script: { type: 'string' },
  image: { type: 'string' },
  mine: { type: 'boolean' },
  role: { type: 'string' },
  otp: { type: 'string' },
  kind: { type: 'string' },
  terms: { type: 'string' },
  answer: { type: 'string' },
  out: { type: 'string' },
  sender: { type: 'string' },
  page: { type: 'string' },
  unread: { type: 'boolean' },
  'no-reply': { type: 'boolean' },
  merchant: { type: 'string' },
  username: { type: 'string' },
  reason: { type: 'string' },
  amount: { type: 'string' },
  status: { type: 'string' },
  limit: { type: 'string' },
  to: { type: 'string' },
  subject: { type: 'string' },
  content: { type: 'string' },
  'idempotency-key': { type: 'string' },
  received: { type: 'string' },
  from: { type: 'string' },
  json: { type: 'string' },
  note: { type: 'string' },
  days: { type: 'string' },
  wheel: { type: 'string' },
  waiting: { type: 'boolean' },
  channel: { type: 'string' },
  open: { type: 'boolean' },
  text: { type: 'string' },
} as const;

function usage(): string[] {
  return ['Usage: ops <command> [arguments]', ...Object.values(OPS_COMMANDS).map((command) => `  ${command.usage}`)];
}

/** Runs one command line; answers the exit code. */
export async function runOps(argv: string[], io: OpsIo): Promise<number> {
  try {
    const { positionals, values } = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
    const [name, ...rest] = positionals;
    // --help (or -h) asks for the usage: exit 0. No command, or an unknown one: the usage, exit 2.
    if (values.help) {
      for (const line of usage()) io.write(line);
      return 0;
    }
    const command = name ? OPS_COMMANDS[name] : undefined;
    if (!command) {
      if (name) io.write(`ops: unknown command ${name}`);
      for (const line of usage()) io.write(line);
      return 2;
    }
    const token = io.env.OPS_TOKEN;
    if (command.authenticated && !token) throw new UsageError('Log in first: eval "$(npm run -s ops -w server -- login --merchant CODE --username NAME)"');
    await command.run({ api: apiOf(io, token), positionals: rest, options: values as Record<string, string | undefined>, io });
    return 0;
  } catch (error) {
    if (error instanceof Refused) {
      io.write(`Refused (${error.errorCode}): ${error.message}`);
      return 1;
    }
    io.write(`ops: ${(error as Error).message}`);
    return 2;
  }
}

/** Runs `work` on the site's database as its owner, with the site's secrets key. */
async function asOwner<T>(work: (pool: ReturnType<typeof createPool>, secretsKey: Awaited<ReturnType<typeof resolveSecretsKey>>['key']) => Promise<T>): Promise<T> {
  const config = readConfig();
  const secrets = await resolveSecretsKey(config);
  const database = await startDatabase(config);
  const pool = createPool(database.databaseUrl, 1);
  try {
    return await work(pool, secrets.key);
  } finally {
    await pool.end();
    await database.stop();
  }
}

async function main(): Promise<number> {
  const io: OpsIo = {
    env: process.env,
    fetch,
    write: (line) => process.stdout.write(`${line}\n`),
    createOperator: (input) => asOwner((pool, secretsKey) => createOperator(pool, secretsKey, { ...input, nowMs: Date.now() })),
    enrolTotp: (input) => asOwner((pool, secretsKey) => enrolOperatorTotp(pool, secretsKey, input)),
  };
  return runOps(process.argv.slice(2), io);
}

if (require.main === module) {
  // Explicit exits: the embedded PostgreSQL's library may have hooked the process's exit.
  main().then((code) => process.exit(code), (error: unknown) => {
    process.stderr.write(`ops could not run: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(2);
  });
}
