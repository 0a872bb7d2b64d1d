import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { ChatConversation } from '@platform/contract';
import { call, chatMember, newClientId, PNG, pngDataUrl, setChatSettings } from '../modules/chat/chat.testing';
import { operatorLogin } from '../modules/operator/operator.testing';
import { createTestApp, type TestContext } from '../testing/test-app';
import { runOps, type OpsIo } from './ops';

// The live chat's commands of the operator's tool against the real server over HTTP (the operator
// API's own listener), as an operator types and reads them.

let context: TestContext;
let baseUrl: string;
let env: Record<string, string>;

beforeAll(async () => {
  context = await createTestApp({ balanceStreams: false });
  const listener = await context.app.listenOperatorApi({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
  await setChatSettings(context.pool, context.merchantId, {});
  env = { OPS_TOKEN: (await operatorLogin(context, { username: 'cli-support', role: 'support' })).token };
  await operatorLogin(context, { username: 'cli-second', role: 'support' });
});

afterAll(async () => {
  await context.close();
});

async function ops(argv: string[], extraEnv: Record<string, string> = env): Promise<{ code: number; lines: string[] }> {
  const lines: string[] = [];
  const io: OpsIo = { env: { OPS_URL: baseUrl, ...extraEnv }, fetch, write: (line) => lines.push(line) };
  return { code: await runOps(argv, io), lines };
}

it('lists, takes, answers, shows, transfers and closes a conversation', async () => {
  const { token } = await chatMember(context.app, context.pool, context.merchantId, 'clichatter');
  const { conversationId } = (await call<ChatConversation>(context.app, token, 'POST', '/wps/chat/conversation', {})).body.value;
  await call(context.app, token, 'POST', '/wps/chat/message', { conversationId, clientMessageId: newClientId(), text: 'Deposit D7 missing \u001b[31mred' });
  await call(context.app, token, 'POST', '/wps/chat/image', { conversationId, clientMessageId: newClientId(), image: pngDataUrl() });

  const waiting = await ops(['chat-waiting']);
  expect(waiting.code).toBe(0);
  expect(waiting.lines[0]).toMatch(/^conversationId\s+state\s+queue\s+username\s+operatorName\s+openedAt\s+unreadCount$/);
  expect(waiting.lines.find((line) => line.startsWith(`${conversationId} `))).toMatch(/waiting\s+livechat\s+clichatter\s+\S+ \S+\s+2$/);

  expect(await ops(['chat-take', String(conversationId)])).toEqual({ code: 0, lines: [`Conversation ${conversationId} with clichatter is yours.`] });
  expect((await ops(['chat-take', String(conversationId)])).lines).toEqual([`Conversation ${conversationId} with clichatter was yours already.`]);

  const reply = await ops(['chat-reply', String(conversationId), 'We', 'are', 'checking', 'D7.']);
  expect(reply).toEqual({ code: 0, lines: [expect.stringMatching(/^Sent #\d+ \S+ \S+ operator cli-support: We are checking D7\.$/)] });
  // A run repeated with its key sends nothing new.
  const once = await ops(['chat-reply', String(conversationId), 'Once', '--idempotency-key', 'cli-reply-0001']);
  const twice = await ops(['chat-reply', String(conversationId), 'Once', '--idempotency-key', 'cli-reply-0001']);
  expect(twice.lines).toEqual(once.lines);
  const scripts = await ops(['chat-scripts']);
  expect(scripts.lines[0]).toMatch(/^scriptId\s+question\s+answer$/);
  const scriptId = /^(\d+)\s/.exec(scripts.lines[1])![1];
  expect((await ops(['chat-reply', String(conversationId), '--script', scriptId])).lines[0]).toMatch(/operator cli-support: Manual deposits are credited/);

  const shown = await ops(['chat-show', String(conversationId)]);
  expect(shown.lines[0]).toBe(`Conversation ${conversationId} with clichatter: active, queue livechat, operator cli-support, opened ${shown.lines[0].split('opened ')[1]}`);
  // The member's text is shown as text: an escape sequence is not passed to the terminal.
  expect(shown.lines[1]).toMatch(/member: Deposit D7 missing \?\[31mred$/);
  const imageLine = shown.lines[2];
  expect(imageLine).toMatch(/member: \[image: chat-image \d+ --out FILE\]$/);
  expect(shown.lines.slice(3).map((line) => line.replace(/^#\d+ \S+ \S+ /, ''))).toEqual([
    'system: (taken)',
    'operator cli-support: We are checking D7.',
    'operator cli-support: Once',
    expect.stringMatching(/^operator cli-support: Manual deposits/),
  ]);
  const out = path.join(os.tmpdir(), `chat-image-${process.pid}.png`);
  const messageId = /^#(\d+)/.exec(imageLine)![1];
  expect((await ops(['chat-image', messageId, '--out', out])).lines).toEqual([`Saved image ${messageId} (image/png) to ${out}.`]);
  expect(await readFile(out)).toEqual(PNG);

  expect((await ops(['chat-transfer', String(conversationId), '--to', 'cli-second'])).lines).toEqual([`Conversation ${conversationId} is with cli-second.`]);
  expect((await ops(['chat-reply', String(conversationId), 'me again'])).lines[0]).toMatch(/^Refused \(operator\.chat\.taken\): /);
  expect((await ops(['chat-transfer', String(conversationId), '--queue', 'vip'])).lines).toEqual([`Conversation ${conversationId} waits in the vip queue.`]);
  expect((await ops(['chat-transfer', String(conversationId)])).code).toBe(2);
  expect((await ops(['chat-close', String(conversationId)])).lines).toEqual([`Conversation ${conversationId} with clichatter is closed.`]);
  expect((await ops(['chat-reply', String(conversationId), 'too late'])).lines[0]).toMatch(/^Refused \(chat\.conversation\.closed\)/);

  const actions = await context.pool.query<{ action: string }>("SELECT DISTINCT action FROM operator_action WHERE action LIKE 'chat.%' AND outcome = 'ok' ORDER BY action");
  expect(actions.rows.map((row) => row.action)).toEqual(['chat.close', 'chat.image', 'chat.read', 'chat.reply', 'chat.take', 'chat.transfer']);
});

it('reads and changes the settings and scripts (content staff), refuses bad arguments', async () => {
  const content = { OPS_TOKEN: (await operatorLogin(context, { username: 'cli-content', role: 'content' })).token };
  const shown = await ops(['chat-settings'], content);
  expect(shown.lines[0]).toBe('Within the hours now.');
  expect(JSON.parse(shown.lines.slice(1).join('\n'))).toMatchObject({ enabled: true, hours: null });
  const set = await ops(['chat-settings-set', '--json', '{"hours":[],"awayMessage":{"EN":"Back soon."}}'], content);
  expect(set.lines[0]).toBe('Chat settings saved; outside the hours now.');
  expect((await ops(['chat-settings-set', '--json', '{"enabled":false}'])).lines[0]).toMatch(/^Refused \(operator\.role\.forbidden\)/);
  expect((await ops(['chat-settings-set', '--json', 'nope'], content)).code).toBe(2);

  const saved = await ops(['chat-scripts-set', '--json', '{"list":[{"question":"Bonus?","answer":"See Promotions."}]}'], content);
  expect(saved.lines[0]).toBe('Chat scripts saved.');
  expect(saved.lines[2]).toMatch(/^\d+\s+Bonus\?\s+See Promotions\.$/);

  expect((await ops(['chat-take', 'x'])).code).toBe(2);
  expect((await ops(['chat-waiting', '--queue', 'gold'])).code).toBe(2);
  const help = await ops(['--help']);
  for (const verb of ['chat-waiting', 'chat-take', 'chat-reply', 'chat-transfer', 'chat-close', 'chat-show', 'chat-image', 'chat-scripts', 'chat-settings']) {
    expect(help.lines.some((line) => line.trimStart().startsWith(verb))).toBe(true);
  }
});
