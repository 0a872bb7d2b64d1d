import { ApiError } from '../api/api-error';
import type { ApiClient } from '../api/client';
import { createEventBus, type EventBus } from '../bus/event-bus';
import { sessionStore } from '../storage/web-storage';
import { memberInfoCall, type CallDefinition, type MemberInfo } from '@platform/contract';
import { hasAuthLink, isAgentAccount, resumeSession, startSession } from './session';

const member: MemberInfo = {
  id: 7,
  account: 'player01',
  nickname: 'Lucky',
  type: 0,
  toUpline: '0',
  customerId: 70,
  isAgent: 0,
  clubLabel: null,
  memberLabel: [{ labelName: 'VIP', textColor: 'x', backgroundColor: 'y' }],
  lastLogin: null,
  regDate: 1_700_000_000_000,
  mobile: null,
  language: null,
};

/** An API client answering memberInfo with the given value or failure, recording the token it saw. */
function fakeApi(answer: MemberInfo | Error): ApiClient & { tokens: (string | null)[] } {
  const tokens: (string | null)[] = [];
  return {
    tokens,
    call: (async (call: CallDefinition) => {
      if (call !== memberInfoCall) throw new Error(`unexpected ${call.name}`);
      tokens.push(sessionStore.get('token'));
      if (answer instanceof Error) throw answer;
      return answer;
    }) as ApiClient['call'],
    cached: (async () => undefined) as unknown as ApiClient['cached'],
    clearCache: () => undefined,
    headersFor: () => ({}),
    dispose: () => undefined,
  };
}

let bus: EventBus;
beforeEach(() => {
  sessionStorage.clear();
  bus = createEventBus({ channelName: `session-test-${Math.random()}` });
});
afterEach(() => bus.close());

describe('startSession', () => {
  it('stores the token and login, loads the member with that token, and publishes the session', async () => {
    const api = fakeApi(member);
    const loaded = await startSession({ token: 'tok-1', firstTimeLogin: false, passwordExpired: true, userName: 'player01', id: 7 }, { bus, api });
    expect(loaded).toEqual(member);
    expect(api.tokens).toEqual(['tok-1']);
    expect(sessionStore.get('token')).toBe('tok-1');
    expect(sessionStore.get('login')).toEqual({ token: 'tok-1', firstTimeLogin: false, passwordExpired: true, userName: 'player01', id: 7 });
    expect(sessionStore.get('passwordExpired')).toBe(true);
    expect(sessionStore.get('isAgent')).toBe(0);
    expect(sessionStore.get('account')).toBe('player01');
    expect(sessionStore.get('customerId')).toBe(70);
    expect(bus.get('session')).toEqual({ token: 'tok-1', member, isAgent: 0 });
  });

  it('forgets the login and publishes nothing when the member cannot be loaded', async () => {
    const failure = new ApiError({ status: 500, errorCode: 'system.error', message: 'boom' });
    await expect(startSession({ token: 'tok-2', firstTimeLogin: false, passwordExpired: false, userName: 'player01', id: 7 }, { bus, api: fakeApi(failure) })).rejects.toBe(failure);
    expect(sessionStore.get('token')).toBeNull();
    expect(sessionStore.get('login')).toBeNull();
    expect(bus.get('session').token).toBeNull();
  });

  it('takes a guest account type from the member', async () => {
    await startSession({ token: 'guest', firstTimeLogin: false, passwordExpired: false, userName: 'player01', id: 7 }, { bus, api: fakeApi({ ...member, isAgent: 4, type: 4 }) });
    expect(bus.get('session').isAgent).toBe(4);
    expect(sessionStore.get('isAgent')).toBe(4);
  });
});

describe('resumeSession', () => {
  it('does nothing without a stored token', async () => {
    expect(await resumeSession({ bus, api: fakeApi(member) })).toBeNull();
    expect(bus.get('session').token).toBeNull();
  });

  it('publishes the stored token at once, then the member', async () => {
    sessionStore.set('token', 'kept');
    sessionStore.set('isAgent', 1);
    const seen: (number | null)[] = [];
    bus.session$.subscribe((session) => seen.push(session.isAgent));
    await resumeSession({ bus, api: fakeApi({ ...member, isAgent: 1, type: 1 }) });
    expect(seen).toEqual([null, 1, 1]);
    expect(bus.get('session').member?.account).toBe('player01');
  });
});

describe('account kinds and auth links', () => {
  it('knows the agent account types', () => {
    expect([0, 1, 2, 4, 41, 42, null].map(isAgentAccount)).toEqual([false, true, true, false, true, true, false]);
  });

  it('recognises addresses that finish an auth step', () => {
    expect(hasAuthLink('?resetToken=abc')).toBe(true);
    expect(hasAuthLink('?gameCode=1&oauthCode=x')).toBe(true);
    expect(hasAuthLink('?oauthError=oauth.login.failed')).toBe(true);
    expect(hasAuthLink('?referralCode=FRIEND')).toBe(false);
  });
});
