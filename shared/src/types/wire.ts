// Shapes that travel between the browser and the server. The
// shape of every call's request and answer is derived from its row in the contract
// (@platform/contract, `ValueOf<typeof loginCall>`); the names below are kept for readers.

export type {
  Announcement,
  AnnouncementList,
  Banner,
  CaptchaImage,
  CountryEntry,
  CustomerServiceItem,
  CustomerServiceType,
  DomainRoute,
  DomainRouteList,
  Envelope,
  ForgotPasswordSmsSent,
  GameCategory,
  GameLane,
  GameVendorValue,
  HelpCenterEntry,
  IndexNotice,
  LoginChallenge,
  LoginResult,
  MemberAvatar,
  MemberInfo,
  OAuthProviderList,
  OAuthProviderName,
  PasswordResetResult,
  Promotion,
  RegisterFieldRule,
  RegisterResult,
  RemoteManifestEntry,
  Resource,
  ResourceType,
  RsaKey,
  SecondFactor,
  SecondFactorSmsSent,
  SecurityConfig,
  SiteSettings,
  SmsCodeSent,
  SystemStatus,
  SystemStatusInfo,
  TotpEnrolment,
  VendorCard,
  WalletBalance,
  Whitelabel,
} from '@platform/contract';

/** Paginated values: `value.list` + `value.totalPages` (+ `value.footer` for column totals). */
export interface PagedList<T, F = Record<string, number>> {
  list: T[];
  totalPages: number;
  footer?: F;
}

export type LanguageCode = string; // upper-case 2-letter code: EN, BN, CN, ...

export type SystemStatusCode = 0 | 1 | 2;

/** Remembered SMS login (cookie): the number the player last logged in with. */
export interface SmsLoginMemory {
  mobileNum: string;
  countryDialingCode: string;
}
