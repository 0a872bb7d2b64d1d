// Every key the site keeps in the browser (the legacy site's keys, and ours), with the shape of
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
     * many accounts one browser registers, and /remotes.json keeps the browser on one side of a
     * remote's canary. Not a secret and not a fingerprint.
     */
    deviceId: text,
    /** Favourite lottery games: username → game ids. */
    LOTTFAV: json<Record<string, (string | number)[]>>(),
    /**
     * The visitor's answer to the analytics question, asked only when the merchant requires consent
     * (info.analytics.consentRequired): the analytics tag loads after 'granted', never after 'denied'.
     */
    analyticsConsent: oneOf('granted', 'denied'),
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

/** "Remember me" keeps its cookies this long: one day. */
export const REMEMBER_MAX_AGE_MS = 86_400_000;

/** Session values that survive a logout: the brand this tab belongs to. */
export const SESSION_KEYS_KEPT_ON_LOGOUT = ['merchant', 'merchantCode'] as const;

/**
 * Legacy session keys that this site never writes, each with why: the value is derived
 * from (or kept beside) an answer the page already holds, and no reader needs a copy in storage. A
 * second copy in sessionStorage would only go stale (an operator's change, a language switch, another
 * tab) and outlive its merchant's configuration revision. The keys stay in STORAGE_KEYS, spelled and
 * typed, for the day a reader needs one: it is then written where its source answer arrives and
 * taken off this list (storage-usage.test.ts checks that every other session key has a writer and
 * that none of these has one).
 */
export const DERIVED_SESSION_KEYS = {
  settings:
    'The registration rules: api.cached(registerSettingsCall) per language and merchant, with the copy in the system status (info.register) until it answers; the forms\' copy is validationSettings.',
  whitelabel:
    'Part of the system status (info.whitelabel), which the shell loads at every start into the bus (settings.status) and keeps whole under `permission`; a separate copy could disagree with it.',
  index_notice:
    'The notice answer (banners, popups, promotions) is fetched once per page load and kept in memory by the banner hook (and asked again by the registration page); it changes with the operator\'s edits and the language.',
  gameVendor:
    'The vendor lanes come from api.cached(gameVendorsCall), one answer per language, merchant and parameters for every app of the page (the API client is a page-wide singleton).',
  routers:
    'Mirror domains (GET /wps/system/domainRoute) serve only the speed test (the help page\'s, /help?tab=speed), which asks for them fresh each time it opens; the merchant code that the old client took from the brand bundle comes from the system status (info.merchantCode) instead.',
  consolidated:
    'The agent contract flags (GET /wps/member/info/funds/consolidated) decide which contract pages the agent centre lists; the agent-programme issue brings those pages, and the centre then asks for the flags when it opens (per session, fresh), not from a copy written at login.',
  enableSalary: 'Derived from `consolidated` (dailySalary, hourSalary, salary, agentRealtimeSalary) where that answer is read; see consolidated.',
  enableContract: 'Derived from `consolidated` (enableCt) where that answer is read; see consolidated.',
} as const satisfies Partial<Record<keyof typeof STORAGE_KEYS.session, string>>;
