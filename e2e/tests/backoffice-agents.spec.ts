import { randomBytes } from 'node:crypto';
import { backOfficeSections, signInToBackOffice } from '../harness/backoffice';
import { operatorSql } from '../harness/database';
import { WORKER_MERCHANT_ID } from '../harness/merchant';
import { createOperatorAccount } from '../harness/operator';
import { expect, test } from '../harness/test';

// The back office's Agents section against the real server: a risk operator searches an agent of
// a small team (a top agent, its downline agent, a player under each), opens its tree and the
// downline agent's level, then reads the top agent's contract from the merchant with who made it.

const suffix = randomBytes(3).toString('hex');
const names = { top: `ag${suffix}top`, sub: `ag${suffix}sub`, subPlayer: `ag${suffix}p1`, topPlayer: `ag${suffix}p2` };
const made: string[] = [];

async function insertMember(username: string, memberType: 0 | 1, upline: string | null): Promise<void> {
  await operatorSql(
    `INSERT INTO member (merchant_id, username, password_hash, password_changed_at, created_at, member_type, upline_id)
     VALUES (${WORKER_MERCHANT_ID}, $1, 'not-a-hash', now(), now(), $2, (SELECT id FROM member WHERE merchant_id = ${WORKER_MERCHANT_ID} AND username = $3))`,
    [username, memberType, upline],
  );
  made.push(username);
}

test.beforeAll(async () => {
  await insertMember(names.top, 1, null);
  await insertMember(names.sub, 1, names.top);
  await insertMember(names.subPlayer, 0, names.sub);
  await insertMember(names.topPlayer, 0, names.top);
});

test.afterAll(async () => {
  // The worker's merchant as it was: the team and its contracts (they go with their members).
  for (const username of made.reverse()) await operatorSql(`DELETE FROM member WHERE merchant_id = ${WORKER_MERCHANT_ID} AND username = $1`, [username]);
});

test('a risk operator finds an agent, opens its downlines level by level, and reads its contract with who made it', async ({ browser }) => {
  const desk = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const office = await desk.newPage();
  const risk = await createOperatorAccount('risk');
  await signInToBackOffice(office, risk);

  await backOfficeSections(office).filter({ hasText: 'Agents' }).click();
  await expect(office.getByRole('heading', { name: 'Agents', exact: true })).toBeVisible();

  await office.getByLabel('Agent name').fill(`ag${suffix}`);
  await office.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(office.getByRole('button', { name: names.sub, exact: true })).toBeVisible();
  await office.getByRole('button', { name: names.top, exact: true }).click();

  const tree = office.getByTestId('agent-tree');
  await expect(tree.getByText('1 agents · 1 players · team 3').first()).toBeVisible();
  await expect(tree.getByText(names.topPlayer)).toBeVisible();
  await expect(tree.getByText(names.subPlayer)).toHaveCount(0);
  await tree.getByRole('button', { name: `Open the downlines of ${names.sub}` }).click();
  await expect(tree.getByText(names.subPlayer)).toBeVisible();

  // The top agent's contracts: none yet; a daily one made after a confirmation, then shown with its maker.
  await tree.getByRole('button', { name: 'Contracts' }).first().click();
  const contracts = office.getByTestId('agent-contracts');
  await expect(contracts.getByText('No contract of any kind.')).toBeVisible();
  await contracts.getByLabel('Kind').selectOption('daily');
  await contracts.getByLabel('Terms (JSON)').fill('{"tiers":[{"bet":100,"active":1,"rate":80}]}');
  await contracts.getByRole('button', { name: 'Make the contract' }).click();
  await office.getByRole('alertdialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(office.getByText(`${names.top} has a Daily salary contract now.`)).toBeVisible();
  const row = contracts.getByTestId('contract-row');
  await expect(row).toHaveAttribute('data-state', 'active');
  await expect(row.getByText('≥ 100 · 1+ → 0.80 %')).toBeVisible();
  await expect(row.getByText(`by operator ${risk.username}`, { exact: false })).toBeVisible();

  // The tree shows the contract in force on the agent.
  await office.getByRole('tab', { name: 'Tree' }).click();
  await expect(office.getByTestId('agent-tree').getByText('Daily salary').first()).toBeVisible();
  await desk.close();
});
