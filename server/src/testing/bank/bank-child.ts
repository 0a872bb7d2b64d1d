import { readFileSync } from 'node:fs';
import { bankClientsPool, runOperations, type BankOperation, type BankWorld } from './bank-ops';

// The money-moving process of the bank test's crash run: `node -r ./ts-require.js bank-child.ts
// <job.json>`. It applies the job's operations with 50 concurrent clients through a pool of 10
// connections (as the app role) and writes `ACK <key> <outcome>` on stdout after each commit; the
// test kills it with SIGKILL at random moments and starts it again with what was not acknowledged.

interface Job {
  appDatabaseUrl: string;
  world: BankWorld;
  operations: BankOperation[];
  clients: number;
}

async function main(): Promise<void> {
  const job = JSON.parse(readFileSync(process.argv[2], 'utf8')) as Job;
  const pool = bankClientsPool(job.appDatabaseUrl);
  process.stdout.write('READY\n');
  await runOperations(pool, job.world, job.operations, job.clients, (op, outcome) => {
    // A pipe write on Linux is synchronous: the line is out before the next statement runs.
    process.stdout.write(`ACK ${op.key} ${outcome}\n`);
  });
  await pool.end();
  process.stdout.write('DONE\n');
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
