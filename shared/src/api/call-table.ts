// Every call the front end makes, in one table (SPEC §7): path, method, module id, whether a
// session token is needed, and whether the body is encrypted. The API client reads nothing else.
import type { ModuleId } from '../contract/feature-switches';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface CallDefinition {
  path: string;
  method: HttpMethod;
  /** Whitelabel module id the call belongs to (sent as the `ModuleId` header). */
  moduleId: ModuleId;
  token: boolean;
  encrypted: boolean;
  /** Form-encoded body instead of JSON. */
  form?: boolean;
  /** Failures are handled by the caller: no toast (REFERENCE.md §2.2 quiet list). */
  quiet?: boolean;
  /** A GET whose answer is kept per language and merchant (`api.cached`): SPEC §7 "cached". */
  cached?: boolean;
}

const call = <const Cached extends boolean = false>(
  method: HttpMethod,
  path: string,
  moduleId: ModuleId,
  options: { token?: boolean; encrypted?: boolean; form?: boolean; quiet?: boolean; cached?: Cached } = {},
): CallDefinition & { cached: Cached } => ({
  path,
  method,
  moduleId,
  token: options.token ?? false,
  encrypted: options.encrypted ?? false,
  form: options.form,
  quiet: options.quiet,
  cached: (options.cached ?? false) as Cached,
});

export const CALLS = {
  // System
  systemStatus: call('GET', '/wps/system/status', 'SYSTEM3'),
  whitelabel: call('GET', '/wps/system/whitelabel', 'SYSTEM3'),
  domainRoute: call('GET', '/wps/system/domainRoute', 'SYSTEM3'),
  helpCenter: call('GET', '/wps/system/helpCenter', 'HELPCENTER3'),
  countries: call('GET', '/wps/system/country', 'SYSTEM3', { cached: true }),
  rsaKey: call('GET', '/wps/session/key/rsa', 'SYSTEM3'),
  registerSettings: call('GET', '/wps/system/setting/register', 'REGISTER3', { cached: true }),
  feedback: call('PUT', '/wps/feedback', 'FEEDBACK3', { token: true }),
  // Content
  announcements: call('GET', '/wps/relay/MCSFE_getListAnnouncements', 'ANNOUNCE3', { cached: true }),
  indexNotice: call('GET', '/wps/system/notice', 'ANNOUNCE3'),
  gameVendors: call('GET', '/wps/relay/GCSGAME_newGameVendor', 'GAME3', { cached: true }),
  // Session and member
  login: call('POST', '/wps/session/login', 'LOGIN3', { encrypted: true }),
  loginVerification: call('POST', '/wps/session/login/verification', 'LOGINIPVERF3', { encrypted: true, quiet: true }),
  loginVerificationSms: call('POST', '/wps/session/login/verification/sms', 'LOGINIPVERF3', { quiet: true }),
  freePlayLogin: call('POST', '/wps/session/login/freeplay', 'FREEPLAY3'),
  oauthProviders: call('GET', '/wps/session/oauth/providers', 'LOGIN3', { quiet: true }),
  oauthExchange: call('POST', '/wps/session/oauth/exchange', 'LOGIN3', { quiet: true }),
  logout: call('DELETE', '/wps/session/logout', 'LOGIN3', { token: true }),
  captcha: call('GET', '/wps/captcha', 'LOGIN3', { quiet: true }),
  // SMS sends: a failure is a warning dialog with the server's message (SPEC §8), not a toast.
  smsNoLogin: call('POST', '/wps/verification/sms/noLogin', 'SMS3', { quiet: true }),
  smsRegister: call('POST', '/wps/verification/sms/register', 'REGMOBVERF3', { quiet: true }),
  register: call('PUT', '/wps/member/register', 'USERNAMEREG3', { encrypted: true }),
  registerMobile: call('PUT', '/wps/member/register/mobile', 'MOBILENUMREG3', { encrypted: true }),
  affiliateCheck: call('GET', '/wps/agent/affiliate', 'REGISTER3', { quiet: true }),
  memberInfo: call('GET', '/wps/member/info', 'MEMBER3', { token: true }),
  memberIcon: call('GET', '/wps/member/info/icon', 'MEMBER3', { token: true }),
  playerAvatar: call('GET', '/wps/relay/MCSFE_getPlayerAvatar', 'MEMBER3', { token: true, quiet: true }),
  changePassword: call('POST', '/wps/member/password', 'MEMBER3', { token: true, encrypted: true }),
  forgotPasswordByEmail: call('POST', '/wps/member/password/email', 'CHNGPASS3', { form: true }),
  forgotPasswordSms: call('POST', '/wps/member/password/sms', 'CHNGPASSVERIF3', { encrypted: true, quiet: true }),
  resetPasswordByPhone: call('POST', '/wps/member/password/verification', 'CHNGPASSVERIF3', { encrypted: true }),
  resetPasswordByEmailToken: call('POST', '/wps/member/password/email/reset', 'CHNGPASS3', { encrypted: true }),
  updateLanguage: call('PUT', '/wps/member/language', 'MEMBER3', { token: true, quiet: true }),
  securityConfig: call('GET', '/wps/v2/member/securityConfig', 'MEMBER3', { token: true }),
  twoFactorTotpStart: call('POST', '/wps/v2/member/2fa/totp', 'MEMBER3', { token: true }),
  twoFactorTotpConfirm: call('POST', '/wps/v2/member/2fa/totp/confirm', 'MEMBER3', { token: true }),
  twoFactorTotpRemove: call('DELETE', '/wps/v2/member/2fa/totp', 'MEMBER3', { token: true }),
  twoFactorSmsCode: call('POST', '/wps/v2/member/2fa/sms/code', 'MEMBER3', { token: true }),
  twoFactorSms: call('PUT', '/wps/v2/member/2fa/sms', 'MEMBER3', { token: true }),
  // Wallet
  balance: call('GET', '/wps/v2/wallets/balance', 'WALLET3', { token: true }),
} as const satisfies Record<string, CallDefinition>;

export type CallName = keyof typeof CALLS;

/** Calls whose answers `api.cached` may keep. */
export type CachedCallName = {
  [N in CallName]: (typeof CALLS)[N] extends { cached: true } ? N : never;
}[CallName];
