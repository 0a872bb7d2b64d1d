import type { Envelope } from '@platform/contract';
import { createTestApp, json, type TestContext } from '../../testing/test-app';
import { createMember, tokenFor } from '../member/member.testing';
import { operatorLogin } from './operator.testing';

// Blocks have an owner (member.blocked_by, migration 047): an agent may block and unblock its
// direct downline, but a block an operator set stays until an operator lifts it.

let context: TestContext;
const PASSWORD = 'secret123';
let agentToken: string;
let opsToken: string;
let playerId: number;

beforeAll(async () => {
  context = await createTestApp();
  await context.app.ready();
  const agentId = await createMember(context.pool, context.merchantId, { username: 'blockagent', password: PASSWORD, memberType: 1 });
  playerId = await createMember(context.pool, context.merchantId, { username: 'blockplayer', password: PASSWORD });
  await context.pool.query('UPDATE member SET upline_id = $2 WHERE id = $1', [playerId, agentId]);
  agentToken = await tokenFor(context.app, 'blockagent', PASSWORD);
  opsToken = (await operatorLogin(context, { username: 'riskdesk', role: 'risk' })).token;
});

afterAll(async () => {
  await context.close();
});

const agentSets = async (status: 'active' | 'blocked') => {
  const response = await context.app.inject({ method: 'PUT', url: '/wps/agent/downlineStatus', headers: { authorization: agentToken }, payload: { memberId: playerId, status } });
  return { status: response.statusCode, code: json<Envelope<null>>(response).errorCode };
};
const operatorSets = (verb: 'block' | 'unblock') =>
  context.app.inject({ method: 'POST', url: `/ops/v1/members/blockplayer/${verb}`, headers: { authorization: `Bearer ${opsToken}` }, payload: { reason: 'chargeback review' } });
const stateOf = async () =>
  (await context.pool.query<{ status: string; blocked_by: string | null }>('SELECT status, blocked_by FROM member WHERE id = $1', [playerId])).rows[0];

describe('who lifts a block', () => {
  it('an agent unblocks its own block of a downline', async () => {
    expect(await agentSets('blocked')).toEqual({ status: 200, code: null });
    expect(await stateOf()).toEqual({ status: 'blocked', blocked_by: 'agent' });
    expect(await agentSets('active')).toEqual({ status: 200, code: null });
    expect(await stateOf()).toEqual({ status: 'active', blocked_by: null });
  });

  it("an agent cannot lift an operator's block, nor take it over by blocking again", async () => {
    expect((await operatorSets('block')).statusCode).toBe(200);
    expect(await stateOf()).toEqual({ status: 'blocked', blocked_by: 'operator' });
    expect(await agentSets('blocked')).toEqual({ status: 200, code: null });
    expect(await agentSets('active')).toEqual({ status: 403, code: 'agent.blocked.by.operator' });
    expect(await stateOf()).toEqual({ status: 'blocked', blocked_by: 'operator' });
    // The member still cannot log in.
    const login = await context.app.inject({ method: 'POST', url: '/wps/session/login', payload: { username: 'blockplayer', password: PASSWORD } });
    expect(login.statusCode).not.toBe(200);

    expect((await operatorSets('unblock')).statusCode).toBe(200);
    expect(await stateOf()).toEqual({ status: 'active', blocked_by: null });
  });

  it("a block written directly by the back office (README's SQL) is the operator's", async () => {
    await context.ownerPool.query("UPDATE member SET status = 'blocked' WHERE id = $1", [playerId]);
    expect(await agentSets('active')).toEqual({ status: 403, code: 'agent.blocked.by.operator' });
    expect((await stateOf()).status).toBe('blocked');
  });
});
