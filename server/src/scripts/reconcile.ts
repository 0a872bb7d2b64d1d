// Reconciliation on demand: `npm run reconcile -w server` (after `npm run build -w server`), or
// `node server/dist/scripts/reconcile.js`. Recomputes every balance from its postings (reconcile()
// of the ledger module, one read-only snapshot) and prints every difference; the exit code is 1
// when there is any, 0 when the ledger reconciles, 2 when it could not run.
// Database: DATABASE_URL when set; otherwise the embedded PostgreSQL's data directory (DATA_DIR,
// default .data/pg), started for the run, which needs the site to be stopped (its PostgreSQL holds
// that directory): while it runs, point DATABASE_URL at it instead
// (postgres://postgres:postgres@127.0.0.1:<PG_PORT>/platform).
import { readConfig } from '../config';
import { createPool } from '../db/pool';
import { startDatabase } from '../main';
import { reconcile, type ReconciliationReport } from '../modules/ledger';

/** The report as lines of text: a summary, then one line per difference. */
export function describeReport(report: ReconciliationReport): string[] {
  const lines = [
    `Ledger: ${report.accounts} accounts, ${report.transactions} transactions, ${report.postings} postings; ` +
      (report.problems.length ? `${report.problems.length} difference(s):` : 'no differences.'),
  ];
  for (const problem of report.problems) {
    const { kind, ...details } = problem;
    lines.push(`  ${kind} ${Object.entries(details).map(([key, value]) => `${key}=${value}`).join(' ')}`);
  }
  return lines;
}

/** Reconciles the database at `databaseUrl`, writes the report, and answers the exit code. */
export async function reconcileDatabase(databaseUrl: string, write: (line: string) => void): Promise<number> {
  const pool = createPool(databaseUrl, 1);
  try {
    const report = await reconcile(pool);
    for (const line of describeReport(report)) write(line);
    return report.problems.length ? 1 : 0;
  } finally {
    await pool.end();
  }
}

async function main(): Promise<number> {
  const database = await startDatabase(readConfig());
  try {
    return await reconcileDatabase(database.databaseUrl, (line) => process.stdout.write(`${line}\n`));
  } finally {
    await database.stop();
  }
}

if (require.main === module) {
  main().then(
    // Explicit exits: the embedded PostgreSQL's library may have hooked the process's exit.
    (code) => process.exit(code),
    (error: unknown) => {
      process.stderr.write(`Reconciliation could not run: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(2);
    },
  );
}
