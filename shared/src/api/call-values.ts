import type {
  AnnouncementList,
  CaptchaChallenge,
  CountryEntry,
  DomainRouteList,
  GameVendorValue,
  HelpCenterEntry,
  IndexNotice,
  LoginResult,
  MemberInfo,
  RsaKey,
  SystemStatus,
  WalletBalance,
  Whitelabel,
} from '../types/wire';
import type { CallName } from './call-table';

/**
 * The `value` each call answers with, where the wire contract fixes it. `api.call(name)` returns
 * this type; calls not listed here return `unknown` unless the caller names a type.
 */
export interface CallValues {
  systemStatus: SystemStatus;
  whitelabel: Whitelabel;
  domainRoute: DomainRouteList;
  helpCenter: HelpCenterEntry[];
  countries: CountryEntry[];
  rsaKey: RsaKey;
  announcements: AnnouncementList;
  indexNotice: IndexNotice;
  gameVendors: GameVendorValue;
  login: LoginResult;
  freePlayLogin: LoginResult;
  memberInfo: MemberInfo;
  captcha: CaptchaChallenge;
  balance: WalletBalance;
}

export type CallValue<N extends CallName> = N extends keyof CallValues ? CallValues[N] : unknown;
