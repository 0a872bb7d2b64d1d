import { createPool } from '../../db/pool';
import { settleRoundIn } from './settlement.service';

// The settling process of the lottery's crash test: `node -r ../../testing/bank/ts-require.js
// settle-child.ts <appDatabaseUrl> <roundId> <nowMs> <hold>`. It settles the round in one
// transaction, writing STARTED before and WORKED after settleRoundIn; with hold = 1 it then waits
// (the test kills it there, after all the work and before COMMIT), otherwise it commits at once.

async function main(): Promise<void> {
  const [databaseUrl, roundId, nowMs, hold] = process.argv.slice(2);
  const pool = createPool(databaseUrl, 2);
  const client = await pool.connect();
  await client.query('BEGIN');
  process.stdout.write('STARTED\n');
  const result = await settleRoundIn(client, Number(roundId), Number(nowMs));
  process.stdout.write(`WORKED ${JSON.stringify(result)}\n`);
  if (hold === '1') await new Promise((resolve) => setTimeout(resolve, 60_000));
  await client.query('COMMIT');
  process.stdout.write('COMMITTED\n');
  client.release();
  await pool.end();
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
