// Reconciliation of online deposits with the payment providers, on demand or from a scheduler
// (cron, every few minutes): `node server/dist/scripts/reconcile-deposits.js [--older-than-minutes N]`
// (after `npm run build -w server`). Finishes deposits left half-credited and asks the provider
// about every online deposit still pending N minutes (default 10) after it was made: paid →
// credited once (the ledger key deposit:<id>), failed → failed, past its expiry → expired;
// expired or cancelled orders of the last day are asked again for a late payment. Prints what it
// did; the exit code is 1 when a provider could not answer for some order (tried again next run),
// 0 otherwise, 2 when it could not run.
// Database and secrets as the server: DATABASE_URL, else the embedded PostgreSQL's data directory
// (the site stopped); SECRETS_KEY, else the development key under .data/.
import { readConfig, systemClock } from '../config';
import { createPool } from '../db/pool';
import { resolveSecretsKey, startDatabase } from '../main';
import { gatewayRegistryFor, reconcileDeposits, type DepositReconciliation } from '../modules/deposit';
import type { SecretsKey } from '../secrets-key';

export function describeDepositReconciliation(report: DepositReconciliation): string[] {
  const list = (ids: number[]) => (ids.length ? ids.map((id) => `D${id}`).join(' ') : '-');
  return [
    `Deposits: ${report.checked} online order(s) asked; credited ${list(report.credited)}; failed ${list(report.failed)}; expired ${list(report.expired)}; ` +
      `half-credited finished ${list(report.finished)}; ${report.errors.length} error(s)${report.errors.length ? ':' : '.'}`,
    ...report.errors.map((error) => `  D${error.depositId}: ${error.error}`),
  ];
}

/** Reconciles the deposits of the database at `databaseUrl`, writes the report, answers the exit code. */
export async function reconcileDepositsDatabase(
  databaseUrl: string,
  secretsKey: SecretsKey,
  options: { nowMs: number; olderThanMs?: number },
  write: (line: string) => void,
): Promise<number> {
  const pool = createPool(databaseUrl, 2);
  try {
    const gateways = gatewayRegistryFor({ db: pool, secretsKey, clock: () => options.nowMs });
    const report = await reconcileDeposits(pool, gateways, options);
    for (const line of describeDepositReconciliation(report)) write(line);
    return report.errors.length ? 1 : 0;
  } finally {
    await pool.end();
  }
}

function olderThanMsOf(args: string[]): number | undefined {
  const at = args.indexOf('--older-than-minutes');
  if (at < 0) return undefined;
  const minutes = Number(args[at + 1]);
  if (!Number.isFinite(minutes) || minutes < 0) throw new Error('--older-than-minutes takes a number of minutes');
  return minutes * 60_000;
}

async function main(): Promise<number> {
  const config = readConfig();
  const olderThanMs = olderThanMsOf(process.argv.slice(2));
  const { key } = await resolveSecretsKey(config);
  const database = await startDatabase(config);
  try {
    return await reconcileDepositsDatabase(database.databaseUrl, key, { nowMs: systemClock(), olderThanMs }, (line) => process.stdout.write(`${line}\n`));
  } finally {
    await database.stop();
  }
}

if (require.main === module) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      process.stderr.write(`Deposit reconciliation could not run: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(2);
    },
  );
}
