import type { Envelope } from '@platform/contract';
import type { LightMyRequestResponse } from 'fastify';
import { createMember } from '../member/member.testing';
import { createTestApp, json, type TestContext } from '../../testing/test-app';
import { AUDIT_CSV_COLUMNS } from './audit-csv';
import { operatorLogin } from './operator.testing';

// The audit trail as the back office searches it: by operator, by action, by time, page by page,
// and downloaded as a CSV file that a spreadsheet opens without running what members or operators
// wrote in it — the download itself being in the trail.

let context: TestContext;
let now = Date.UTC(2026, 10, 25, 8, 0, 0);
const MINUTE = 60_000;
let rita: string;
let carl: string;
let marks: { start: number; deposits: number; blocks: number };

interface Entry {
  id: number;
  operator: string | null;
  action: string;
  outcome: string;
  errorCode: string | null;
  targetId: string | null;
  detail: Record<string, unknown>;
  createdAt: number;
}

const ops = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  context.app.inject({
    method,
    url: `/ops/v1${url}`,
    headers: { authorization: `Bearer ${token}`, 'idempotency-key': `audit-test-${now}-${Math.random().toString(36).slice(2)}` },
    ...(payload ? { payload } : {}),
  });
const list = async (query: string, token = rita): Promise<Entry[]> => {
  const response = await ops(token, 'GET', `/audit?${query}`);
  expect(response.statusCode).toBe(200);
  return json<Envelope<{ list: Entry[] }>>(response).value.list;
};
const refusal = (response: LightMyRequestResponse) => [response.statusCode, json<Envelope<null>>(response).errorCode];

const REASON = 'Chargeback, "disputed" by the bank\nsecond line';

/** RFC 4180, as a spreadsheet reads it (after the byte order mark). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (quoted) {
      if (char !== '"') cell += char;
      else if (text[index + 1] === '"') (cell += '"'), (index += 1);
      else quoted = false;
    } else if (char === '"') quoted = true;
    else if (char === ',') row.push(cell), (cell = '');
    else if (char === '\r' && text[index + 1] === '\n') row.push(cell), rows.push(row), (row = []), (cell = ''), (index += 1);
    else cell += char;
  }
  expect(cell).toBe('');
  return rows;
}

beforeAll(async () => {
  context = await createTestApp({ clock: () => now });
  await context.app.ready();
  rita = (await operatorLogin(context, { username: 'rita', role: 'risk', nowMs: now })).token;
  carl = (await operatorLogin(context, { username: 'carl', role: 'cashier', nowMs: now })).token;
  await createMember(context.pool, context.merchantId, { username: 'victim', nowMs: now });

  now += MINUTE;
  marks = { start: now, deposits: 0, blocks: 0 };
  // The cashier: an adjustment, then two approvals of deposits that do not exist (refused).
  expect((await ops(carl, 'POST', '/members/victim/adjustments', { amount: 10, direction: 'credit', reason: 'Goodwill' })).statusCode).toBe(200);
  now += MINUTE;
  marks.deposits = now;
  for (const number of ['D999998', 'D999999']) expect((await ops(carl, 'POST', `/deposits/${number}/approve`, {})).statusCode).toBe(404);
  // A wrong password under carl's name: no operator known, the name tried recorded.
  now += MINUTE;
  const failed = await context.app.inject({ method: 'POST', url: '/ops/v1/session', payload: { merchant: 'DEFAULT', username: 'CARL', password: 'not the password' } });
  expect(failed.statusCode).toBe(401);
  // Risk blocks the member with a reason that is hard to put in a CSV, and unblocks with a formula.
  now += MINUTE;
  marks.blocks = now;
  expect((await ops(rita, 'POST', '/members/victim/block', { reason: REASON })).statusCode).toBe(200);
  expect((await ops(rita, 'POST', '/members/victim/unblock', { reason: '=1+1' })).statusCode).toBe(200);
  now += MINUTE;
});

afterAll(async () => {
  await context.close();
});

describe('the audit search', () => {
  it('narrows by operator, counting failed logins under the name tried', async () => {
    const entries = await list('operator=Carl&limit=500');
    expect(entries.map((entry) => [entry.operator, entry.action, entry.outcome, entry.targetId])).toEqual([
      [null, 'login', 'refused', null],
      ['carl', 'deposit.approve', 'refused', 'D999999'],
      ['carl', 'deposit.approve', 'started', 'D999999'],
      ['carl', 'deposit.approve', 'refused', 'D999998'],
      ['carl', 'deposit.approve', 'started', 'D999998'],
      ['carl', 'balance.adjust', 'ok', 'victim'],
      ['carl', 'balance.adjust', 'started', 'victim'],
      ['carl', 'login', 'ok', null],
      ['carl', 'login', 'started', null],
    ]);
    expect(entries[0].detail).toEqual({ username: 'CARL' });
    expect(await list('operator=nobody')).toEqual([]);
  });

  it('narrows by the start of the action, by time, and pages', async () => {
    expect((await list('action=deposit.')).map((entry) => [entry.action, entry.outcome])).toEqual([
      ['deposit.approve', 'refused'],
      ['deposit.approve', 'started'],
      ['deposit.approve', 'refused'],
      ['deposit.approve', 'started'],
    ]);
    expect((await list('action=member.un')).map((entry) => entry.action)).toEqual(['member.unblock', 'member.unblock']);
    // `_` is no wildcard: member_ names nothing.
    expect(await list('action=member_')).toEqual([]);

    const window = await list(`from=${marks.deposits}&to=${marks.blocks}`);
    expect(new Set(window.map((entry) => entry.action))).toEqual(new Set(['deposit.approve', 'login']));
    for (const entry of window) expect(entry.createdAt >= marks.deposits && entry.createdAt < marks.blocks).toBe(true);
    // to is exclusive: the blocks, at marks.blocks, start the next window.
    expect((await list(`from=${marks.blocks}&action=member.`)).map((entry) => entry.detail.reason)).toEqual(['=1+1', '=1+1', REASON, REASON]);

    // Pages of two with the filters kept.
    const first = await list('action=deposit.&limit=2');
    const second = await list(`action=deposit.&limit=2&before=${first[1].id}`);
    expect([...first, ...second]).toEqual(await list('action=deposit.'));
    expect(await list(`action=deposit.&limit=2&before=${second[1].id}`)).toEqual([]);
  });

  it('refuses a period ending before it starts, and bad filters', async () => {
    expect(refusal(await ops(rita, 'GET', `/audit?from=${marks.blocks}&to=${marks.start}`))).toEqual([400, 'operator.period.invalid']);
    expect(refusal(await ops(rita, 'GET', `/audit.csv?from=${marks.blocks}&to=${marks.start}`))).toEqual([400, 'operator.period.invalid']);
    for (const query of ['action=Deposit', 'action=deposit%25', 'from=yesterday', `operator=${'x'.repeat(41)}`]) {
      expect(refusal(await ops(rita, 'GET', `/audit?${query}`))).toEqual([400, 'request.param.err']);
    }
  });
});

describe('the CSV download', () => {
  it('has a header row and one row per entry, escaped and with no formula left to run', async () => {
    const response = await ops(rita, 'GET', `/audit.csv?action=member.&from=${marks.blocks}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="audit-DEFAULT-2026-11-25.csv"');
    expect(response.headers['x-truncated']).toBeUndefined();
    expect(response.body.startsWith('\uFEFFid,time,operator,action,outcome,errorCode,targetType,targetId,reason,clientIp,requestId,detail\r\n')).toBe(true);
    // The reason's comma, quotes and line break, quoted as RFC 4180 says.
    expect(response.body).toContain('"Chargeback, ""disputed"" by the bank\nsecond line"');

    const [header, ...rows] = parseCsv(response.body.slice(1));
    expect(header).toEqual([...AUDIT_CSV_COLUMNS]);
    const byColumn = rows.map((row) => Object.fromEntries(header.map((name, index) => [name, row[index]])));
    const expected = await list(`action=member.&from=${marks.blocks}`);
    expect(byColumn.map((row) => row.id)).toEqual(expected.map((entry) => String(entry.id)));
    expect(byColumn.map((row) => [row.operator, row.action, row.outcome, row.targetType, row.targetId, row.reason])).toEqual([
      ['rita', 'member.unblock', 'ok', 'member', 'victim', "'=1+1"],
      ['rita', 'member.unblock', 'started', 'member', 'victim', "'=1+1"],
      ['rita', 'member.block', 'ok', 'member', 'victim', REASON],
      ['rita', 'member.block', 'started', 'member', 'victim', REASON],
    ]);
    for (const row of byColumn) {
      expect(row.time).toBe(new Date(marks.blocks).toISOString());
      expect(row.errorCode).toBe('');
      expect(row.clientIp).toBe('127.0.0.1');
      expect(row.requestId).not.toBe('');
      const reason = row.reason === "'=1+1" ? '=1+1' : REASON;
      // The started row has what was asked; the outcome row the member's block before and after too.
      const change = row.action === 'member.block' ? { before: { status: 'active', blockedBy: null }, after: { status: 'blocked', blockedBy: 'operator' } } : { before: { status: 'blocked', blockedBy: 'operator' }, after: { status: 'active', blockedBy: null } };
      expect(JSON.parse(row.detail)).toEqual(row.outcome === 'ok' ? { reason, ...change } : { reason });
    }
  });

  it('takes the filters of the search, and is itself in the trail', async () => {
    const response = await ops(rita, 'GET', '/audit.csv?operator=carl');
    const [, ...rows] = parseCsv(response.body.slice(1));
    expect(rows.map((row) => [row[2], row[3], row[4]])).toEqual((await list('operator=carl')).map((entry) => [entry.operator ?? '', entry.action, entry.outcome]));
    expect(rows[0][11]).toBe('{"username":"CARL"}');

    const exports = await list('action=audit.export');
    expect(exports.slice(0, 2).map((entry) => [entry.operator, entry.outcome, entry.detail])).toEqual([
      ['rita', 'ok', { operator: 'carl', action: null, from: null, to: null }],
      ['rita', 'started', { operator: 'carl', action: null, from: null, to: null }],
    ]);
    // A cashier may not take the trail away; the attempt is in it.
    expect(refusal(await ops(carl, 'GET', '/audit.csv'))).toEqual([403, 'operator.role.forbidden']);
    expect((await list('operator=carl&action=route.call'))[0]).toMatchObject({ outcome: 'refused', detail: { route: 'GET /audit.csv' } });
  });
});
