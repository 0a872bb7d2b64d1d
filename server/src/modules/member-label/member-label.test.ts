import type { Envelope, MemberInfo } from '@platform/contract';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, json, type TestContext } from '../../testing/test-app';
import { TestClock } from '../member/member.testing';
import { operatorLogin } from '../operator/operator.testing';
import { memberWithSession } from '../withdrawal/withdrawal.testing';

// Member labels through the operator API on a real PostgreSQL: made once per name, changed, put
// on members and taken off with an outcome per username, audited; only content and risk staff may;
// a shown label reaches the member's own info, a hidden one never does.

const clock = new TestClock();
clock.nowMs = Date.UTC(2026, 7, 5, 9, 0, 0);
let context: TestContext;
let content: string;
let cashier: string;

beforeAll(async () => {
  context = await createTestApp({ clock: clock.now });
  content = (await operatorLogin(context, { username: 'label_content', role: 'content', nowMs: clock.nowMs })).token;
  cashier = (await operatorLogin(context, { username: 'label_cashier', role: 'cashier', nowMs: clock.nowMs })).token;
});

afterAll(async () => {
  await context.close();
});

const body = <T>(response: LightMyRequestResponse) => json<Envelope<T>>(response);
const ops = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  context.app.inject({ method, url: `/ops/v1${url}`, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });
interface Label { id: number; name: string; shown: boolean; textColor: string; backgroundColor: string; members: number }

it('makes a label once per name, changes it, and puts it on and takes it off members with an outcome each', async () => {
  const made = body<Label>(await ops(content, 'POST', '/member-labels', { name: '  Weekend crowd ' }));
  expect(made.value).toEqual({ id: expect.any(Number), name: 'Weekend crowd', shown: false, textColor: '#ffffff', backgroundColor: '#5b6b7f', members: 0 });
  const id = made.value!.id;
  expect(body(await ops(content, 'POST', '/member-labels', { name: 'Weekend crowd' }))).toMatchObject({ errorCode: 'operator.member_label.invalid', message: expect.stringContaining('in use') });

  const [first, second] = [await memberWithSession(context, 'labelled1', clock.nowMs), await memberWithSession(context, 'labelled2', clock.nowMs)];
  const added = body<{ label: Label; list: unknown[] }>(await ops(content, 'POST', `/member-labels/${id}/members`, { add: [first.username, second.username, 'nobody_here'] }));
  expect(added.value).toEqual({
    label: expect.objectContaining({ members: 2 }),
    list: [
      { username: first.username, outcome: 'added' },
      { username: second.username, outcome: 'added' },
      { username: 'nobody_here', outcome: 'member_not_found' },
    ],
  });
  const again = body<{ list: unknown[] }>(await ops(content, 'POST', `/member-labels/${id}/members`, { add: [first.username], remove: [second.username] }));
  expect(again.value!.list).toEqual([{ username: first.username, outcome: 'already_labelled' }, { username: second.username, outcome: 'removed' }]);
  expect(body<{ list: unknown[] }>(await ops(content, 'POST', `/member-labels/${id}/members`, { remove: [second.username] })).value!.list).toEqual([
    { username: second.username, outcome: 'not_labelled' },
  ]);
  // One username both added and removed is a mistake, refused whole.
  expect(body(await ops(content, 'POST', `/member-labels/${id}/members`, { add: [second.username], remove: [second.username.toUpperCase()] }))).toMatchObject({
    errorCode: 'operator.member_label.invalid',
  });
  expect(body<{ list: Label[] }>(await ops(content, 'GET', `/member-labels/members/${second.username}`)).value!.list).toEqual([]);

  // Hidden, the member's info does not name it; shown, it does, in its colours.
  const info = async () => body<MemberInfo>(await context.app.inject({ method: 'GET', url: '/wps/member/info', headers: { authorization: first.token } })).value!.memberLabel;
  expect(await info()).toEqual([]);
  expect(body(await ops(content, 'POST', `/member-labels/${id}`, { shown: true, textColor: '#101010', backgroundColor: '#ffd700' })).value).toMatchObject({ shown: true, members: 1 });
  expect(await info()).toEqual([{ labelName: 'Weekend crowd', textColor: '#101010', backgroundColor: '#ffd700' }]);
  expect(body<{ list: Label[] }>(await ops(content, 'GET', `/member-labels/members/${first.username}`)).value!.list).toEqual([expect.objectContaining({ id, name: 'Weekend crowd' })]);

  const audit = await context.pool.query<{ action: string; detail: object }>("SELECT action, detail FROM operator_action WHERE target_type = 'member_label' AND outcome = 'ok' ORDER BY id");
  expect(audit.rows.map((row) => row.action)).toEqual(['member_label.create', 'member_label.members', 'member_label.members', 'member_label.members', 'member_label.update']);
  // Each with the label, or its members among those named, as they were and are.
  const [one, two] = [first.username.toLowerCase(), second.username.toLowerCase()];
  const made0 = { id, name: 'Weekend crowd', shown: false, textColor: '#ffffff', backgroundColor: '#5b6b7f' };
  expect(audit.rows.map((row) => row.detail)).toEqual([
    { before: null, after: { ...made0, members: 0 } },
    { before: { members: 0, carrying: [] }, after: { members: 2, carrying: [one, two].sort() } },
    { before: { members: 2, carrying: [one, two].sort() }, after: { members: 1, carrying: [one] } },
    { before: { members: 1, carrying: [] }, after: { members: 1, carrying: [] } },
    { before: { ...made0, members: 1 }, after: { ...made0, shown: true, textColor: '#101010', backgroundColor: '#ffd700', members: 1 } },
  ]);
});

it('refuses bad input and anyone but content or risk staff, changing nothing', async () => {
  const before = await context.pool.query('SELECT * FROM member_label ORDER BY id');
  expect(body(await ops(content, 'POST', '/member-labels', { name: '   ' }))).toMatchObject({ errorCode: 'request.param.err' });
  expect(body(await ops(content, 'POST', '/member-labels', { name: 'Red', backgroundColor: 'red' }))).toMatchObject({ errorCode: 'request.param.err' });
  expect(body(await ops(content, 'POST', '/member-labels/999999', { shown: true }))).toMatchObject({ errorCode: 'operator.member_label.invalid' });
  expect(body(await ops(content, 'POST', '/member-labels/999999/members', { add: ['labelled1'] }))).toMatchObject({ errorCode: 'operator.member_label.invalid' });
  expect((await ops(cashier, 'GET', '/member-labels')).statusCode).toBe(403);
  expect((await ops(cashier, 'POST', '/member-labels', { name: 'Cashier list' })).statusCode).toBe(403);
  expect((await context.pool.query('SELECT * FROM member_label ORDER BY id')).rows).toEqual(before.rows);
});
