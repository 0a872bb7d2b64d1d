import type { ChatConversation, ChatMessage, ChatMessagesPage, Envelope } from '@platform/contract';
import { createTestApp, json, type TestContext } from '../../testing/test-app';
import { operatorLogin } from '../operator/operator.testing';
import { call, chatMember, newClientId, pngDataUrl, setChatSettings } from './chat.testing';

// The operators' side of the live chat through the operator API: a conversation is taken once
// however many operators take it at once, answered only by the operator who has it, transferred
// to another operator or back to a queue, closed; every action is in the audit trail, and so are
// the reads of a conversation and its images.

let context: TestContext;
const desks: Record<string, { token: string; id: number }> = {};
let memberCount = 0;

beforeAll(async () => {
  context = await createTestApp({ balanceStreams: false });
  await setChatSettings(context.pool, context.merchantId, {});
  for (const [username, role] of [['ana', 'support'], ['ben', 'support'], ['cid', 'content'], ['rita', 'risk'], ['cash', 'cashier']] as const) {
    desks[username] = await operatorLogin(context, { username, role });
  }
});

afterAll(async () => {
  await context.close();
});

async function ops<T>(who: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown): Promise<{ status: number; body: Envelope<T> }> {
  const response = await context.app.inject({
    method,
    url: `/ops/v1${url}`,
    headers: { authorization: `Bearer ${desks[who].token}` },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  return { status: response.statusCode, body: json<Envelope<T>>(response) };
}

async function waitingConversation(): Promise<{ token: string; conversationId: number }> {
  const { token } = await chatMember(context.app, context.pool, context.merchantId, `deskmember${++memberCount}`);
  const opened = await call<ChatConversation>(context.app, token, 'POST', '/wps/chat/conversation', {});
  await call(context.app, token, 'POST', '/wps/chat/message', { conversationId: opened.body.value.conversationId, clientMessageId: newClientId(), text: 'help please' });
  return { token, conversationId: opened.body.value.conversationId };
}

async function auditOf(conversationId: number): Promise<string[]> {
  const result = await context.pool.query<{ line: string }>(
    `SELECT o.username || ' ' || a.action || ' ' || a.outcome || coalesce(' ' || a.error_code, '') AS line
       FROM operator_action a JOIN operator o ON o.id = a.operator_id
      WHERE a.target_type = 'chat_conversation' AND a.target_id = $1 ORDER BY a.id`,
    [String(conversationId)],
  );
  return result.rows.map((row) => row.line);
}

const notices = async (token: string, conversationId: number) =>
  (await call<ChatMessagesPage>(context.app, token, 'GET', `/wps/chat/messages?conversationId=${conversationId}`)).body.value.list.filter((message) => message.kind === 'notice').map((message) => message.notice);

describe('operators', () => {
  it('lets one operator take a conversation however many take it at once', async () => {
    const { token, conversationId } = await waitingConversation();
    const takers = ['ana', 'ben', 'cid', 'ana', 'ben', 'cid'];
    const answers = await Promise.all(takers.map((who) => ops<{ taken: boolean }>(who, 'POST', `/chat/conversations/${conversationId}/take`)));
    const winners = answers.filter((answer) => answer.status === 200 && answer.body.value.taken);
    expect(winners).toHaveLength(1);
    const winner = takers[answers.indexOf(winners[0])];
    for (const [index, answer] of answers.entries()) {
      if (answer === winners[0]) continue;
      // The winner's own second try changes nothing; everyone else is refused.
      if (takers[index] === winner) expect([answer.status, answer.body.value.taken]).toEqual([200, false]);
      else expect([answer.status, answer.body.errorCode]).toEqual([409, 'operator.chat.taken']);
    }
    expect(await notices(token, conversationId)).toEqual(['taken']);
    // The member's window says who joined.
    const page = (await call<ChatMessagesPage>(context.app, token, 'GET', `/wps/chat/messages?conversationId=${conversationId}`)).body.value;
    expect(page.list.find((message) => message.notice === 'taken')).toMatchObject({ sender: 'system', senderName: winner });
    const conversation = (await call<ChatConversation>(context.app, token, 'GET', `/wps/chat/conversation?conversationId=${conversationId}`)).body.value;
    expect(conversation).toMatchObject({ state: 'active', operatorName: winner });
    const audit = await auditOf(conversationId);
    expect(audit.filter((line) => line.endsWith('chat.take ok'))).toHaveLength(2);
    expect(audit.filter((line) => line.endsWith('chat.take refused operator.chat.taken'))).toHaveLength(4);
    expect(audit.filter((line) => line.endsWith('chat.take started'))).toHaveLength(6);
  });

  it("answers only as the operator who has it; a waiting one is taken by the answer", async () => {
    const { token, conversationId } = await waitingConversation();
    const first = await ops<{ list: ChatMessage[] }>('ana', 'POST', `/chat/conversations/${conversationId}/reply`, { text: 'Hello, Ana here.' });
    expect(first.status).toBe(200);
    expect(first.body.value.list).toMatchObject([{ sender: 'operator', senderName: 'ana', kind: 'text', text: 'Hello, Ana here.' }]);
    const other = await ops('ben', 'POST', `/chat/conversations/${conversationId}/reply`, { text: 'Ben too' });
    expect([other.status, other.body.errorCode]).toEqual([409, 'operator.chat.taken']);
    // An image, and a reply retried with its client id: stored once.
    const clientMessageId = newClientId();
    const withImage = await ops<{ list: ChatMessage[] }>('ana', 'POST', `/chat/conversations/${conversationId}/reply`, { image: pngDataUrl(), clientMessageId });
    const retried = await ops<{ list: ChatMessage[] }>('ana', 'POST', `/chat/conversations/${conversationId}/reply`, { image: pngDataUrl(), clientMessageId });
    expect(retried.body.value.list.map((message) => message.messageId)).toEqual(withImage.body.value.list.map((message) => message.messageId));
    const picture = await call<{ image: string }>(context.app, token, 'GET', `/wps/chat/image?messageId=${withImage.body.value.list[0].messageId}`);
    expect(picture.body.value.image).toBe(pngDataUrl());
    const bad = await ops('ana', 'POST', `/chat/conversations/${conversationId}/reply`, { image: 'data:image/png;base64,R0lGODlh' });
    expect([bad.status, bad.body.errorCode]).toEqual([400, 'chat.image.invalid']);
    // A scripted answer.
    const scripts = await ops<{ list: { scriptId: number; answer: string }[] }>('ana', 'GET', '/chat/scripts');
    const scripted = await ops<{ list: ChatMessage[] }>('ana', 'POST', `/chat/conversations/${conversationId}/reply`, { scriptId: scripts.body.value.list[0].scriptId });
    expect(scripted.body.value.list[0].text).toBe(scripts.body.value.list[0].answer);
    expect((await auditOf(conversationId)).filter((line) => / chat\.reply (ok|refused)/.test(line))).toEqual([
      'ana chat.reply ok',
      'ben chat.reply refused operator.chat.taken',
      'ana chat.reply ok',
      'ana chat.reply ok',
      'ana chat.reply refused chat.image.invalid',
      'ana chat.reply ok',
    ]);
  });

  it('transfers to another operator who answers the chat, or back to a queue', async () => {
    const { token, conversationId } = await waitingConversation();
    await ops('ana', 'POST', `/chat/conversations/${conversationId}/take`);
    const toBen = await ops<{ state: string; operatorName: string }>('ana', 'POST', `/chat/conversations/${conversationId}/transfer`, { toOperator: 'ben' });
    expect(toBen.body.value).toMatchObject({ state: 'active', operatorName: 'ben' });
    expect((await ops('ana', 'POST', `/chat/conversations/${conversationId}/reply`, { text: 'still me?' })).body.errorCode).toBe('operator.chat.taken');
    expect((await ops('ben', 'POST', `/chat/conversations/${conversationId}/reply`, { text: 'Ben here' })).status).toBe(200);
    // Not to a cashier, nor to nobody.
    for (const toOperator of ['cash', 'nobody']) {
      const refused = await ops('ben', 'POST', `/chat/conversations/${conversationId}/transfer`, { toOperator });
      expect([refused.status, refused.body.errorCode]).toEqual([400, 'operator.chat.invalid']);
    }
    const toVip = await ops<{ state: string; queue: string; operatorName: string | null }>('ben', 'POST', `/chat/conversations/${conversationId}/transfer`, { queue: 'vip' });
    expect(toVip.body.value).toMatchObject({ state: 'waiting', queue: 'vip', operatorName: null });
    const waiting = await ops<{ list: { conversationId: number }[] }>('cid', 'GET', '/chat/conversations?state=waiting&queue=vip');
    expect(waiting.body.value.list.map((row) => row.conversationId)).toContain(conversationId);
    expect(await notices(token, conversationId)).toEqual(['taken', 'transferred', 'transferred']);
    expect((await auditOf(conversationId)).filter((line) => / chat\.transfer (ok|refused)/.test(line))).toEqual([
      'ana chat.transfer ok',
      'ben chat.transfer refused operator.chat.invalid',
      'ben chat.transfer refused operator.chat.invalid',
      'ben chat.transfer ok',
    ]);
  });

  it('closes a conversation: the member can no longer write in it, and closing again changes nothing', async () => {
    const { token, conversationId } = await waitingConversation();
    const closed = await ops<{ state: string; closedBy: string }>('cid', 'POST', `/chat/conversations/${conversationId}/close`);
    expect(closed.body.value).toMatchObject({ state: 'closed', closedBy: 'operator' });
    expect((await ops('cid', 'POST', `/chat/conversations/${conversationId}/close`)).status).toBe(200);
    expect(await notices(token, conversationId)).toEqual(['closed']);
    const late = await call(context.app, token, 'POST', '/wps/chat/message', { conversationId, clientMessageId: newClientId(), text: 'wait' });
    expect(late.body.errorCode).toBe('chat.conversation.closed');
    expect((await ops('ana', 'POST', `/chat/conversations/${conversationId}/take`)).body.errorCode).toBe('chat.conversation.closed');
    expect((await auditOf(conversationId)).filter((line) => / chat\.close ok/.test(line))).toHaveLength(2);
  });

  it("lets risk read a conversation and its images, audited, but not answer; a cashier not even read", async () => {
    const { token, conversationId } = await waitingConversation();
    const sent = await call<ChatMessage>(context.app, token, 'POST', '/wps/chat/image', { conversationId, clientMessageId: newClientId(), image: pngDataUrl() });
    const history = await ops<{ conversation: { username: string }; list: ChatMessage[] }>('rita', 'GET', `/chat/conversations/${conversationId}`);
    expect(history.body.value.list.map((message) => message.kind)).toEqual(['text', 'image']);
    const image = await ops<{ image: string }>('rita', 'GET', `/chat/messages/${sent.body.value.messageId}/image`);
    expect(image.body.value.image).toBe(pngDataUrl());
    expect((await ops('rita', 'POST', `/chat/conversations/${conversationId}/reply`, { text: 'hi' })).body.errorCode).toBe('operator.role.forbidden');
    expect((await ops('cash', 'GET', `/chat/conversations/${conversationId}`)).body.errorCode).toBe('operator.role.forbidden');
    expect(await auditOf(conversationId)).toEqual(['rita chat.read started', 'rita chat.read ok']);
    const imageAudit = await context.pool.query("SELECT outcome FROM operator_action WHERE action = 'chat.image' AND target_id = $1 ORDER BY id", [String(sent.body.value.messageId)]);
    expect(imageAudit.rows.map((row) => row.outcome)).toEqual(['started', 'ok']);
  });

  it('marks the member\'s messages read when the operator who has the conversation reads it', async () => {
    const { token, conversationId } = await waitingConversation();
    await ops('ben', 'POST', `/chat/conversations/${conversationId}/take`);
    await call(context.app, token, 'POST', '/wps/chat/message', { conversationId, clientMessageId: newClientId(), text: 'second line' });
    const before = (await call<ChatConversation>(context.app, token, 'GET', `/wps/chat/conversation?conversationId=${conversationId}`)).body.value;
    expect(before.operatorReadId).toBe(0);
    const shown = await ops<{ conversation: { unreadCount: number; operatorReadId: number } }>('ben', 'GET', `/chat/conversations/${conversationId}`);
    expect(shown.body.value.conversation).toMatchObject({ unreadCount: 0, operatorReadId: before.lastMessageId });
  });

  it('keeps settings and scripts: content writes them, support reads them', async () => {
    const set = await ops<{ settings: Record<string, unknown>; online: boolean }>('cid', 'PUT', '/chat/settings', { hours: [], awayMessage: { EN: 'Back at nine.' } });
    expect(set.body.value).toMatchObject({ online: false, settings: { enabled: true, hours: [], awayMessage: { EN: 'Back at nine.' } } });
    expect((await ops('ana', 'PUT', '/chat/settings', { enabled: false })).body.errorCode).toBe('operator.role.forbidden');
    const bad = await ops('cid', 'PUT', '/chat/settings', { hours: [{ days: [1], from: '25:00', to: '10:00' }] });
    expect(bad.status).toBe(400);
    await ops('cid', 'PUT', '/chat/settings', { hours: null });
    expect((await ops<{ online: boolean }>('ana', 'GET', '/chat/settings')).body.value.online).toBe(true);

    const scripts = (await ops<{ list: { scriptId: number; question: string; answer: string }[] }>('ana', 'GET', '/chat/scripts')).body.value.list;
    const [kept] = scripts;
    const replaced = await ops<{ list: { scriptId: number; question: string }[] }>('cid', 'PUT', '/chat/scripts', {
      list: [{ scriptId: kept.scriptId, question: kept.question, answer: 'A new answer.' }, { question: 'Is there a bonus?', answer: 'See Promotions.' }],
    });
    expect(replaced.body.value.list.map((script) => script.question)).toEqual([kept.question, 'Is there a bonus?']);
    expect(replaced.body.value.list[0].scriptId).toBe(kept.scriptId);
    const unknown = await ops('cid', 'PUT', '/chat/scripts', { list: [{ scriptId: 999999, question: 'q', answer: 'a' }] });
    expect([unknown.status, unknown.body.errorCode]).toEqual([400, 'operator.chat.invalid']);
    const audit = await context.pool.query("SELECT action, outcome FROM operator_action WHERE action IN ('chat.settings', 'chat.scripts') AND outcome <> 'started' ORDER BY id");
    expect(audit.rows.map((row) => `${row.action} ${row.outcome}`)).toEqual(['chat.settings ok', 'chat.settings ok', 'chat.scripts ok', 'chat.scripts refused']);
    // The changes' outcomes: the settings touched and the scripts, as they were and are.
    const changes = await context.pool.query<{ detail: { before: unknown; after: unknown } }>(
      "SELECT detail FROM operator_action WHERE action IN ('chat.settings', 'chat.scripts') AND outcome = 'ok' ORDER BY id",
    );
    const [hours, reopened, replacedScripts] = changes.rows.map((row) => row.detail);
    expect(Object.keys(hours.before as object).sort()).toEqual(['awayMessage', 'hours']);
    expect(hours.after).toEqual({ hours: [], awayMessage: { EN: 'Back at nine.' } });
    expect(reopened.before).toEqual({ hours: [] });
    expect(Object.keys(reopened.after as object)).toEqual(['hours']);
    expect(replacedScripts.before).toEqual(scripts.map(({ scriptId, question, answer }) => ({ scriptId, question, answer })));
    expect(replacedScripts.after).toEqual([
      { scriptId: kept.scriptId, question: kept.question, answer: 'A new answer.' },
      { scriptId: replaced.body.value.list[1].scriptId, question: 'Is there a bonus?', answer: 'See Promotions.' },
    ]);
  });
});
