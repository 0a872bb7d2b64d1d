import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import { Secret, TOTP } from 'otpauth';
import { hashPassword } from '../../server/src/modules/identity';
import { generateTotpSecret } from '../../server/src/modules/totp';
import { seal, secretsKeyFromEnv } from '../../server/src/secrets-key';
import { E2E_OPS_URL } from './constants';
import { operatorSql } from './database';
import { WORKER_MERCHANT, WORKER_MERCHANT_ID } from './merchant';

// The back office in browser tests: an operator of this worker's merchant, acting through the
// real command-line tool (server/dist/scripts/ops.js) against the real operator API (on its own
// listener, E2E_OPS_URL), exactly as a member of staff would: `npm run ops -w server -- login …
// --otp CODE`, then `… approve-deposit D12`.

const OPS_SCRIPT = path.join(__dirname, '..', '..', 'server', 'dist', 'scripts', 'ops.js');
const run = promisify(execFile);

export interface OperatorSession {
  username: string;
  /** Runs `ops <args>` as this operator; resolves with the exit code and the lines printed. */
  ops(args: string[]): Promise<{ code: number; lines: string[] }>;
}

async function runOps(args: string[], env: Record<string, string>): Promise<{ code: number; lines: string[] }> {
  try {
    const { stdout } = await run(process.execPath, [OPS_SCRIPT, ...args], { env: { ...process.env, OPS_URL: E2E_OPS_URL, ...env } });
    return { code: 0, lines: stdout.trimEnd().split('\n') };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string };
    if (typeof failed.code !== 'number') throw error;
    return { code: failed.code, lines: (failed.stdout ?? '').trimEnd().split('\n') };
  }
}

export interface OperatorAccount {
  username: string;
  password: string;
  role: string;
  merchantCode: string;
  /** The authenticator's code now (each code signs in once). */
  code(): string;
}

/**
 * A new operator of this worker's merchant (inserted as the owner would, like `ops
 * create-operator`, with an authenticator secret sealed with the run's SECRETS_KEY): its name,
 * password and authenticator, to sign in with through the back office or the command-line tool.
 */
export async function createOperatorAccount(role: 'admin' | 'cashier' | 'content' | 'risk' | 'support' = 'admin'): Promise<OperatorAccount> {
  const username = `op_${randomBytes(4).toString('hex')}`;
  const password = randomBytes(18).toString('base64url');
  const totpSecret = generateTotpSecret();
  await operatorSql(
    `INSERT INTO operator (merchant_id, username, password_hash, role, totp_secret_sealed, created_at) VALUES (${WORKER_MERCHANT_ID}, $1, $2, $3, $4, now())`,
    [username, await hashPassword(password), role, seal(secretsKeyFromEnv(), 'operator.totp_secret', totpSecret)],
  );
  return { username, password, role, merchantCode: WORKER_MERCHANT.code, code: () => TOTP.generate({ secret: Secret.fromBase32(totpSecret), timestamp: Date.now() }) };
}

/**
 * A new admin operator of this worker's merchant, logged in through the command-line tool with
 * the password and the authenticator's code.
 */
export async function signInOperator(): Promise<OperatorSession> {
  const account = await createOperatorAccount('admin');
  const login = await runOps(['login', '--merchant', account.merchantCode, '--username', account.username, '--otp', account.code()], { OPS_PASSWORD: account.password });
  const token = /^export OPS_TOKEN=(\S+)$/.exec(login.lines[0] ?? '')?.[1];
  if (login.code !== 0 || !token) throw new Error(`ops login failed: ${login.lines.join('\n')}`);
  return { username: account.username, ops: (args) => runOps(args, { OPS_TOKEN: token }) };
}

let sharedSession: Promise<OperatorSession> | undefined;

/**
 * Credits a member's main wallet as the back office does: `ops credit <username> <amount>
 * --reason <reason>` (an operator adjustment, the reason its remark in the member's records).
 */
export async function creditMember(username: string, amountMinor: number, reason = 'Test credit'): Promise<void> {
  sharedSession ??= signInOperator();
  const result = await (await sharedSession).ops(['credit', username, (amountMinor / 100).toFixed(2), '--reason', reason]);
  if (result.code !== 0) throw new Error(`ops credit failed: ${result.lines.join('\n')}`);
}

/**
 * Whether an operator's credit adds to the member's wagering requirement in this worker's merchant
 * (merchant_setting wagering, operatorCreditMultiplier; server/README.md, "Wagering"): tests that
 * fund a member with `creditMember` and then withdraw are about the withdrawal, not the
 * requirement, so they waive it as a merchant may, and put the default back after.
 */
export async function waiveWageringOnOperatorCredits(waived: boolean): Promise<void> {
  if (waived) {
    await operatorSql(
      `INSERT INTO merchant_setting (merchant_id, key, value) VALUES (${WORKER_MERCHANT_ID}, 'wagering', '{"operatorCreditMultiplier":0}')
       ON CONFLICT (merchant_id, key) DO UPDATE SET value = EXCLUDED.value`,
    );
  } else {
    await operatorSql(`DELETE FROM merchant_setting WHERE merchant_id = ${WORKER_MERCHANT_ID} AND key = 'wagering'`);
  }
}
