// Shapes that travel between the browser and the server (SPEC §3 and §7, REFERENCE.md §2).
// One place for them, used by the API client, the shell, the remotes and the server tests.
import type { GameCategoryCode } from '../contract/game-categories';

/** Every `/wps/*` answer. A failure is a non-2xx status carrying the same envelope. */
export interface Envelope<T> {
  success: boolean;
  value: T;
  message: string | null;
  errorCode: string | null;
}

/** Paginated values: `value.list` + `value.totalPages` (+ `value.footer` for column totals). */
export interface PagedList<T, F = Record<string, number>> {
  list: T[];
  totalPages: number;
  footer?: F;
}

export type LanguageCode = string; // upper-case 2-letter code: EN, BN, CN, ...

export type ResourceType =
  | 'AFFILIATELINK'
  | 'USDJUMP'
  | 'Android'
  | 'MOBILECONFIG'
  | 'WHATSAPP'
  | 'SpeedTest'
  | 'FACEBOOK'
  | 'INSTAGRAM'
  | 'TELEGRAM';

export interface Resource {
  resourceType: ResourceType;
  labelNameEn: string;
  url: string;
  qrCodeUrl: string | null;
}

export type CustomerServiceType = 'FACEBOOK' | 'TELEGRAM' | 'LIVECHAT' | 'VIP';

/**
 * A customer-service entry. `path` arrives encrypted: its last 8 characters are the key
 * (see `decryptServicePath`). `type` 3 is the support link the support-link flow opens.
 */
export interface CustomerServiceItem {
  csType: CustomerServiceType;
  title: string;
  type: number;
  path: string;
}

/** Whitelabel module flags, keyed by module id (MOBILENUMREG3, CHNGPASSVERIF3, ...). Enabled is '1'. */
export type Whitelabel = Record<string, { enabled: '0' | '1'; config?: Record<string, unknown> }>;

export interface RegisterFieldRule {
  acceptedPattern: string;
  patternId: number;
  minLength: number;
  maxLength: number;
  enabled: boolean;
  required: boolean;
  type: string;
}

export interface SiteSettings {
  brandName: string;
  logoUrl: string;
  defaultLanguage: LanguageCode;
  languages: LanguageCode[];
  currencySymbol: string;
  imageBaseUrl: string;
  /** Only /login, /register, /register.html, /helpmc and /download are open without a session. */
  loggedInOnlyHome: boolean;
  /** Registration as a full page at /register instead of the popup. */
  registerPage: boolean;
  directRegister: boolean;
  chatEnabled: boolean;
  footer: { aboutUs: string; responsibleGaming: string; paymentImageUrl: string; copyright: string };
}

export interface SystemStatusInfo {
  site: SiteSettings;
  whitelabel: Whitelabel;
  register: Record<string, RegisterFieldRule>;
  resources: Resource[];
  customerService: CustomerServiceItem[];
  analytics: { gtagId: string | null };
  imageCDNs: string[];
  launchGameCDNs: string[];
}

/** `GET /wps/system/status`. The status value is 1 if maintenance, else 2 if region restriction, else 0. */
export interface SystemStatus {
  location: { ip: string; country: string | null };
  maintenance: boolean;
  maintenanceEnd: number | null;
  regionRestriction: boolean;
  info: SystemStatusInfo;
}

export type SystemStatusCode = 0 | 1 | 2;

export interface Banner {
  bannerId: number;
  groupName: string;
  url: string;
  linkageType: 'NONE' | 'PROMOTION' | 'URL' | 'ROUTE' | 'GAME';
  linkageValue: string | null;
}

export interface Announcement {
  id: number;
  type: 'B' | 'PL' | 'PU' | 'PR' | 'H';
  title: string;
  /** HTML, sanitized again in the browser before display. */
  content: string;
  popup: boolean;
  createTime: number;
}

export interface AnnouncementList {
  list: Announcement[];
  popup: Announcement[];
}

export interface Promotion {
  id: number;
  category: string;
  title: string;
  imageUrl: string;
}

export interface IndexNotice {
  player: Announcement[];
  banners: Banner[];
  popup: Announcement[];
  promotion: Promotion[];
}

/** A vendor's game category: one of the contract's GAME_CATEGORIES. */
export type GameCategory = GameCategoryCode;

export interface VendorCard {
  vassalage: string;
  vendorName: string;
  provider: string;
  isHot: boolean;
  gameCategory: GameCategory;
  gameClassify: string | null;
  iconUrl: string | null;
  colorIconUrl: string | null;
  accountTypeName: string | null;
}

export interface GameLane {
  gameCategory: GameCategory;
  vendors: VendorCard[];
}

export interface GameVendorValue {
  data: { lanes: GameLane[] };
}

export interface HelpCenterEntry {
  id: number;
  category: string;
  title: string;
  content: string;
}

export interface CountryEntry {
  countryCode: string;
  countryDialingCode: string;
  name: string;
}

export interface DomainRoute {
  domain: string;
  speed?: number;
}

export interface RsaKey {
  keyId: string;
  /** base64 of the DER SubjectPublicKeyInfo of an RSA-OAEP (SHA-256) key. */
  publicKey: string;
}

export interface MemberInfo {
  id: number;
  account: string;
  nickname: string | null;
  type: number;
  toUpline: string;
  customerId: number;
  isAgent: number;
  clubLabel: { labelName: string; color: string; color2: string; rankLevel: number } | null;
  memberLabel: { labelName: string; textColor: string; backgroundColor: string }[];
  /** Most recent login (epoch ms), null before the first. */
  lastLogin?: number | null;
  /** Registration time (epoch ms). */
  regDate?: number;
  /** Masked mobile number ('+880171*****78'), null when none. */
  mobile?: string | null;
  /** The member's language (EN, BN, ...), null when never chosen. */
  language?: string | null;
}

/** `GET /wps/captcha` value. Send `captchaId` back with the typed text (field `captcha`). */
export interface CaptchaChallenge {
  captchaId: string;
  /** The PNG as a data URL ('data:image/png;base64,…'). */
  image: string;
  /** Epoch ms after which the answer is refused. */
  expiresAt: number;
}

/** `GET /wps/member/info/icon` and `MCSFE_getPlayerAvatar` value. */
export interface MemberAvatar {
  avatarUrl: string;
  /** True when the member never chose one and `avatarUrl` is the site's default. */
  isDefault: boolean;
}

/** `/remotes.json`: federation name → URL of that remote's mf-manifest.json. */
export interface RemoteManifestEntry {
  name: string;
  entry: string;
  version: string | null;
}

/** `POST /wps/session/login` (and free-play login) value. Stored whole as sessionStorage `login`. */
export interface LoginResult {
  token: string;
  firstTimeLogin: boolean;
  passwordExpired: boolean;
  /** The account name (for SMS login: the mobile number's account). */
  userName?: string;
  /** Member id. */
  id?: number;
}

/** `GET /wps/v2/wallets/balance` value, in major units. */
export interface WalletBalance {
  sumBalance: number;
}

/** `GET /wps/system/domainRoute` value: mirror domains, each given speed 0 until tested. */
export interface DomainRouteList {
  domainList: DomainRoute[];
}

/** Remembered SMS login (cookie): the number the player last logged in with. */
export interface SmsLoginMemory {
  mobileNum: string;
  countryDialingCode: string;
}

/**
 * `POST /wps/verification/sms/noLogin` and `/register` value. The SMS button counts down
 * 60 s × expiredMinutes; expirationTime is when the code stops working (epoch ms).
 */
export interface SmsCodeSent {
  expiredMinutes: number;
  expirationTime: number;
}

/** `POST /wps/member/password/sms` value: the forgot-password countdown runs to expirationTime (epoch ms). */
export interface ForgotPasswordSmsSent {
  expirationTime: number;
  expiredMinutes: number;
}

/** `POST /wps/member/password/verification` and `/email/reset` value: log in again with this account name. */
export interface PasswordResetResult {
  userName: string;
}

export type SecondFactor = 'totp' | 'sms';

/**
 * `value` of a 403 `login_verify_required` answer (login, or the social-login exchange).
 * Complete it with `POST /wps/session/login/verification` { ticket, type, code }.
 */
export interface LoginChallenge {
  ticket: string;
  /** Factors the member may answer with, preferred first. */
  factors: SecondFactor[];
  verifyType: SecondFactor;
  /** Masked number an SMS code goes to; null without SMS. */
  mobile: string | null;
  /** Whether an SMS code was sent with this answer (else ask with loginVerificationSms). */
  smsSent: boolean;
  /** When the ticket expires (epoch ms). */
  expirationTime: number;
}

/** `POST /wps/session/login/verification/sms` and `/wps/v2/member/2fa/sms/code` value. */
export interface SecondFactorSmsSent {
  expiredMinutes: number;
  expirationTime: number;
  /** Masked number the code went to. */
  mobile: string;
}

/** `GET /wps/v2/member/securityConfig` value. */
export interface SecurityConfig {
  /** An authenticator app is bound: sign-in asks for its code. */
  bindGA: boolean;
  /** Sign-in asks for an SMS code. */
  smsLoginVerification: boolean;
  bindMobile: boolean;
  countryDialingCode: string | null;
  /** Masked. */
  mobile: string | null;
  /** Masked. */
  email: string | null;
}

/** `POST /wps/v2/member/2fa/totp` value: show secretKey and a QR code of otpauth, then confirm with a code. */
export interface TotpEnrolment {
  secretKey: string;
  otpauth: string;
}

export type OAuthProviderName = 'google' | 'facebook';

/**
 * `GET /wps/session/oauth/providers` value. Navigate to `startUrl?returnTo=<path>`; the site comes
 * back to that path with `?oauthCode=` (trade it with `POST /wps/session/oauth/exchange` { code })
 * or `?oauthError=<error code>`.
 */
export interface OAuthProviderList {
  list: { provider: OAuthProviderName; label: string; startUrl: string }[];
}
