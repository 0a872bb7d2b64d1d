import type { Envelope } from '@platform/contract';
import { createTestApp, json, type TestContext } from '../../testing/test-app';
import { createMember, tokenFor } from '../member/member.testing';
import { operatorLogin } from './operator.testing';

// Platform messages from the back office through the operator API: to named members or to all,
// nothing sent when a name is wrong, customer service's box of what members wrote, audited.

let context: TestContext;
let token: string;
const PASSWORD = 'messages desk password';

interface InboxMail {
  subject: string;
  senderName: string;
  canReply: boolean;
  read: boolean;
}

beforeAll(async () => {
  context = await createTestApp();
  await context.app.ready();
  token = (await operatorLogin(context, { username: 'carla', password: PASSWORD })).token;
});

afterAll(async () => {
  await context.close();
});

const ops = (method: 'GET' | 'POST', url: string, payload?: object) =>
  context.app.inject({ method, url: `/ops/v1${url}`, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });

async function member(username: string): Promise<string> {
  await createMember(context.pool, context.merchantId, { username, password: 'secret123' });
  return tokenFor(context.app, username, 'secret123');
}

const inbox = async (memberToken: string) =>
  json<Envelope<{ list: InboxMail[] }>>(await context.app.inject({ method: 'GET', url: '/wps/relay/getInboxMails', headers: { authorization: memberToken } })).value.list;

it('sends to named members only, or to every member; a wrong name sends nothing', async () => {
  const ann = await member('msg_ann');
  const ben = await member('msg_ben');
  const named = await ops('POST', '/messages', { to: ['MSG_ANN'], subject: 'Your withdrawal', content: 'It was paid today.', canReply: false });
  expect(named.statusCode).toBe(200);
  expect(json<Envelope<{ recipients: number }>>(named).value.recipients).toBe(1);
  expect(await inbox(ann)).toEqual([expect.objectContaining({ subject: 'Your withdrawal', senderName: 'Customer Service', canReply: false, read: false })]);
  expect(await inbox(ben)).toEqual([]);

  const wrong = await ops('POST', '/messages', { to: ['msg_ann', 'nobody_here'], subject: 'Oops', content: 'x' });
  expect(wrong.statusCode).toBe(404);
  expect(json<Envelope<null>>(wrong)).toMatchObject({ errorCode: 'operator.member.not.found' });
  expect(await inbox(ann)).toHaveLength(1);

  expect((await ops('POST', '/messages', { to: ['*'], subject: 'Maintenance', content: 'Tonight 02:00-03:00', senderName: 'System' })).statusCode).toBe(200);
  expect((await inbox(ben)).map((mail) => [mail.subject, mail.senderName])).toEqual([['Maintenance', 'System']]);

  for (const body of [{ to: [], subject: 's', content: 'c' }, { to: ['*', 'msg_ann'], subject: 's', content: 'c' }, { to: ['*'], subject: '', content: 'c' }, { to: ['*'], subject: 's', content: 'x'.repeat(2001) }]) {
    expect((await ops('POST', '/messages', body)).statusCode).toBe(400);
  }
});

it("shows what members wrote to customer service, and marks it read; every send is audited", async () => {
  const cara = await member('msg_cara');
  const sent = await context.app.inject({ method: 'POST', url: '/wps/relay/sendMail', headers: { authorization: cara }, payload: { subject: 'Deposit missing', content: 'I paid 500 at 10:00' } });
  expect(sent.statusCode).toBe(200);
  const box = json<Envelope<{ list: { id: number; username: string; subject: string; readAt: number | null }[] }>>(await ops('GET', '/member-mails?unread=true&username=msg_cara')).value.list;
  expect(box).toEqual([expect.objectContaining({ username: 'msg_cara', subject: 'Deposit missing', readAt: null })]);
  expect((await ops('POST', '/member-mails/read', { ids: [box[0].id] })).statusCode).toBe(200);
  expect(json<Envelope<{ list: unknown[] }>>(await ops('GET', '/member-mails?unread=true&username=msg_cara')).value.list).toEqual([]);
  expect((await ops('POST', '/member-mails/read', { ids: [999_999] })).statusCode).toBe(404);

  const audit = json<Envelope<{ list: { action: string; outcome: string; targetId: string }[] }>>(await ops('GET', '/audit?limit=100')).value.list;
  const sends = audit.filter((entry) => entry.action === 'message.send' && entry.outcome !== 'started');
  expect(sends.map((entry) => [entry.outcome, entry.targetId])).toEqual(
    expect.arrayContaining([['ok', 'MSG_ANN'], ['refused', 'msg_ann,nobody_here'], ['ok', 'all']]),
  );
});
