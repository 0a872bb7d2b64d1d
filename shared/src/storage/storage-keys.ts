// Every key the site keeps in the browser (SPEC §3 Storage, REFERENCE.md §4), with the shape of
// its value. The only place a storage key is spelled out.
import type { Theme } from '../bus/bus-types';
import type {
  DomainRoute,
  GameVendorValue,
  IndexNotice,
  LoginResult,
  MemberInfo,
  RegisterFieldRule,
  SmsLoginMemory,
  SystemStatus,
  Whitelabel,
} from '../types/wire';
import { flag, integer, json, oneOf, text } from './codecs';

export const STORAGE_KEYS = {
  /** sessionStorage: this tab's session. */
  session: {
    token: text,
    /** Member `type`: 1, 2, 41, 42 agents; 4 guest; 0 member. */
    isAgent: integer,
    account: text,
    username: text,
    merchant: text,
    merchantCode: text,
    customerId: integer,
    memberLabel: json<MemberInfo['memberLabel']>(),
    firstTimeLogin: flag,
    passwordExpired: flag,
    /** Cached game vendor lanes. */
    gameVendor: json<GameVendorValue>(),
    iframeUrl: text,
    /** Mirror domains for the speed test. */
    routers: json<DomainRoute[]>(),
    index_notice: json<IndexNotice>(),
    /** `/wps/member/info/funds/consolidated` answer (contract flags). */
    consolidated: json<Record<string, unknown>>(),
    enableSalary: flag,
    enableContract: flag,
    /** Register settings (`/wps/system/setting/register`). */
    settings: json<Record<string, unknown>>(),
    /** Field rules used by the registration and login forms. */
    validationSettings: json<Record<string, RegisterFieldRule>>(),
    /** The whole login answer. */
    login: json<LoginResult>(),
    /** The password must be changed before anything else (first login or expired). */
    cpw: flag,
    /** `/wps/system/status` answer. */
    permission: json<SystemStatus>(),
    whitelabel: json<Whitelabel>(),
  },
  /** localStorage: this browser, across sessions and tabs. */
  local: {
    /** Language sent in the `Language` header. */
    hisLang: text,
    /** Language chosen in the switcher. */
    lang: text,
    theme: oneOf<Theme>('dark', 'light'),
    merchantCode: text,
    /**
     * A random id of this browser, sent as `Device-Id` with every call: the server limits how
     * many accounts one browser registers (issue 7). Not a secret and not a fingerprint.
     */
    deviceId: text,
    /** Favourite lottery games: username → game ids. */
    LOTTFAV: json<Record<string, (string | number)[]>>(),
  },
  /** Cookies of the login form's "remember me". */
  cookie: {
    lastUser: text,
    remember: flag,
    smsLogin: json<SmsLoginMemory>(),
  },
  /**
   * Cookie name prefix of a password an earlier version remembered (`pwd_<username>`). Never
   * written any more; such cookies are deleted on sight (forgetRememberedPasswords).
   */
  passwordCookiePrefix: 'pwd_',
} as const;

/** "Remember me" keeps its cookies this long (SPEC §4, §9). */
export const REMEMBER_MAX_AGE_MS = 86_400_000;

/** Session values that survive a logout (SPEC §4 Logout): the brand this tab belongs to. */
export const SESSION_KEYS_KEPT_ON_LOGOUT = ['merchant', 'merchantCode'] as const;
