// Starting and resuming a player's session: the one place that writes a login into this tab's
// storage and publishes it on the bus, so the header, the member and agent centres and the site's
// other tabs all follow at once (at login and at app start).
import { api as defaultApi, type ApiClient } from '../api/client';
import type { SessionState } from '../bus/bus-types';
import { AGENT_MEMBER_TYPES, isAgentMemberType } from '@platform/contract';
import { bus as defaultBus, type EventBus } from '../bus/event-bus';
import { sessionStore } from '../storage/web-storage';
import { memberInfoCall, type LoginResult, type MemberInfo } from '@platform/contract';

/** Account types that may use the agent centre: the contract's agent member types. */
export const AGENT_ACCOUNT_TYPES: readonly number[] = AGENT_MEMBER_TYPES;

export const isAgentAccount: (accountType: number | null | undefined) => boolean = isAgentMemberType;

/**
 * Query parameters of links that land on the site to finish an auth step in the auth remote's
 * popup: the e-mailed password-reset link, and the return from a Google or Facebook login.
 */
export const AUTH_LINK_PARAMS = {
  /** <site>/?resetToken=<token> */
  resetToken: 'resetToken',
  /** A social login's one-time code, traded for the session (POST /wps/session/oauth/exchange). */
  oauthCode: 'oauthCode',
  /** A social login that failed, with its error code. */
  oauthError: 'oauthError',
} as const;

/** Whether an address (its `?query`) carries an auth link the auth popup must finish. */
export function hasAuthLink(search: string): boolean {
  const query = new URLSearchParams(search);
  return Object.values(AUTH_LINK_PARAMS).some((name) => query.has(name));
}

export interface SessionDependencies {
  bus?: EventBus;
  api?: ApiClient;
}

/** The account kind the site's checks read: the member's isAgent, else its type (as on the legacy site). */
export function accountTypeOf(member: MemberInfo): number {
  return typeof member.isAgent === 'number' ? member.isAgent : member.type;
}

/** Keeps the member's identity in this tab's storage (storage-keys.ts). */
function storeMember(member: MemberInfo): void {
  sessionStore.set('isAgent', accountTypeOf(member));
  sessionStore.set('account', member.account);
  sessionStore.set('username', member.account);
  sessionStore.set('customerId', member.customerId);
  sessionStore.set('memberLabel', member.memberLabel ?? []);
}

/** Forgets a login whose member could not be loaded. */
function forgetLogin(): void {
  for (const key of ['token', 'login', 'firstTimeLogin', 'passwordExpired', 'cpw'] as const) sessionStore.remove(key);
}

/**
 * After a successful login, free-play login or registration: stores the token and the whole login
 * answer, loads the member and publishes the session. If the member cannot be loaded the login is
 * forgotten again and the failure (already shown by the API client) is rethrown.
 */
export async function startSession(login: LoginResult, { bus = defaultBus, api = defaultApi }: SessionDependencies = {}): Promise<MemberInfo> {
  sessionStore.set('token', login.token);
  sessionStore.set('login', login);
  sessionStore.set('firstTimeLogin', Boolean(login.firstTimeLogin));
  sessionStore.set('passwordExpired', Boolean(login.passwordExpired));
  sessionStore.remove('cpw');
  let member: MemberInfo;
  try {
    member = await api.call(memberInfoCall);
  } catch (error) {
    forgetLogin();
    throw error;
  }
  storeMember(member);
  const session: SessionState = { token: login.token, member, isAgent: accountTypeOf(member) };
  // The balance service loads the new session's balance.
  bus.set('session', session);
  return member;
}

/**
 * App start: a token left in this tab's session storage is published at once (so the
 * page renders logged in) and the member behind it is loaded. A token the server no longer knows
 * ends the session through the API client's logout.
 */
export async function resumeSession({ bus = defaultBus, api = defaultApi }: SessionDependencies = {}): Promise<MemberInfo | null> {
  const token = sessionStore.get('token');
  if (!token) return null;
  const isAgent = sessionStore.get('isAgent');
  bus.set('session', { token, member: null, isAgent: typeof isAgent === 'number' ? isAgent : null });
  try {
    const member = await api.call(memberInfoCall);
    // Another tab may have logged out meanwhile.
    if (sessionStore.get('token') !== token) return null;
    storeMember(member);
    bus.set('session', { token, member, isAgent: accountTypeOf(member) });
    return member;
  } catch {
    return null;
  }
}
