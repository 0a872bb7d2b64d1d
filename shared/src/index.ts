// The public API of @platform/shared: what the shell and the remotes may use. Two kits are entry
// points of their own, each also a page-wide singleton, fetched only by a page whose apps use them
// (not on every first load): the forms kit (@platform/shared/forms, src/forms/index.ts) and the
// records table (@platform/shared/records, src/ui/records-table/index.ts).

// Wire shapes
export type * from './types/wire';

// Event bus
export * from './bus/bus-types';
export { bus, createEventBus, INITIAL_STATES, type EventBus } from './bus/event-bus';
// Contract data, kept for remotes built before 5.7.0 (a removal would be a major release): apps take
// the page keys from '@platform/contract', their own copy (tools/dependency-check).
/** @deprecated Import from '@platform/contract': this is the shell's copy. */
export { AGENT_CENTER_PAGES, MEMBER_CENTER_PAGES } from '@platform/contract';
export type { AgentCenterPage, MemberCenterPage } from '@platform/contract';
export { useBusState } from './bus/use-bus-state';

// Routing (react-router, through the page's one shared copy: see routing/index.ts)
export * from './routing';

// API
export { ApiError, CLIENT_ERROR_CODES, isApiError } from './api/api-error';
export { createRetryKey, newIdempotencyKey, outcomeUnknown } from './api/retry-key';
export {
  api,
  CALLER_HANDLED_CODES,
  createApiClient,
  deviceId,
  isHandledByClient,
  REQUEST_TIMEOUT_MS,
  SESSION_ENDED_CODES,
  SITE_CLOSED_CODES,
  type ApiClient,
  type ApiClientOptions,
  type CallOptions,
} from './api/client';
export { encryptPayload, importRsaPublicKey, type EncryptedRequest } from './api/encryption';
export { createEventParser, type ServerSentEvent } from './api/server-sent-events';

// Storage
export type { Codec, CodecValue } from './storage/codecs';
export { DERIVED_SESSION_KEYS, REMEMBER_MAX_AGE_MS, SESSION_KEYS_KEPT_ON_LOGOUT, STORAGE_KEYS } from './storage/storage-keys';
export {
  clearSession,
  createTypedStore,
  getLotteryFavourites,
  getMerchantCode,
  localStore,
  sessionStore,
  setLotteryFavourites,
  setMerchantCode,
  type TypedStore,
} from './storage/web-storage';
export {
  cookieStore,
  forgetRememberedPasswords,
  getRememberedLogin,
  rememberLogin,
  rememberSmsLogin,
  serializeCookie,
  type CookieOptions,
  type RememberedLogin,
} from './storage/cookies';

// Image and game-launch CDNs (picked at random from the system status's lists, next on failure)
export {
  cdnImageFallback,
  cdnImageUrl,
  cdnLaunchUrl,
  configureCdns,
  currentImageBase,
  currentLaunchBase,
  reportLaunchFailure,
  type CdnSettings,
} from './cdn';

// Session
export {
  accountTypeOf,
  AGENT_ACCOUNT_TYPES,
  AUTH_LINK_PARAMS,
  hasAuthLink,
  isAgentAccount,
  resumeSession,
  startSession,
  type SessionDependencies,
} from './session/session';

// i18n
export {
  DEFAULT_LANGUAGE,
  FALLBACK_TRANSLATION_SET,
  findLanguageOption,
  LANGUAGE_OPTIONS,
  TRANSLATION_SETS,
  translationSetOf,
  type LanguageOption,
  type TranslationSet,
} from './i18n/language-options';
export {
  COMMON_NAMESPACE,
  i18n,
  loadTranslations,
  prefetchTranslations,
  registerTranslationLoaders,
  registerTranslations,
  translationSetsFor,
  type TranslationLoaders,
  type TranslationResources,
  type TranslationSetLoader,
} from './i18n/i18n-instance';
export { followBusLanguage, initLanguage, setLanguage, type SetLanguageOptions } from './i18n/language';
export { useT } from './i18n/use-t';

// UI kit
export { applyTheme, followBusTheme, THEMES } from './ui/theme';
export { Button, type ButtonProps, type ButtonSize, type ButtonVariant } from './ui/button';
export { IconButton, type IconButtonProps } from './ui/icon-button';
export { Modal, type ModalProps } from './ui/modal';
export { Tabs, type TabItem, type TabsProps } from './ui/tabs';
export { Spinner, type SpinnerProps } from './ui/spinner';
export { Panel, type PanelProps } from './ui/panel';
export { Pagination, type PaginationProps } from './ui/pagination';
export { paginationItems, type PaginationItem } from './ui/pagination-range';
export { ConfirmDialog, type ConfirmDialogProps } from './ui/confirm-dialog';
export { ConfirmSummary, type ConfirmSummaryRow } from './ui/confirm-summary';
export { ToastHost, TOAST_DURATION_MS, type ToastHostProps } from './ui/toast-host';
export { EmptyState, type EmptyStateProps } from './ui/empty-state';
export { GUEST_ACCOUNT_TYPE, requireRealAccount, useRequireRealAccount } from './ui/real-account-guard';
export { PageScaffold } from './ui/page-scaffold';
export { CentreMenu } from './ui/centre-menu';
export { dismissAllNotices, showNotice, type NoticeOptions } from './ui/show-notice';

// Money and the balance service
export {
  AMOUNT_WHOLE_DIGITS_MAX,
  amountInputText,
  amountMajorForDisplay,
  amountMajorForWire,
  amountMajorText,
  amountMinorFromMajor,
  amountMinorOf,
  MINOR_DECIMALS,
  parseAmountInput,
  type AmountInputOptions,
  type AmountInputTextOptions,
  type AmountMinor,
} from './money/amount-minor';
export { startBalanceService, type BalanceServiceDependencies } from './balance/balance-service';
export { usePaymentStatus } from './balance/use-payment-status';
export { refreshUnreadCount, setUnreadCount, useUnreadCount } from './messages/unread-count';

// Formatting
export {
  currencySymbol,
  DEFAULT_CURRENCY_SYMBOL,
  formatMoney,
  HIDDEN_AMOUNT,
  MISSING_AMOUNT,
  type FormatMoneyOptions,
} from './format/money';
export { formatDate, formatDateTime } from './format/date-time';

// Security
// Not here, to keep crypto-js and DOMPurify out of a first load: decryptServicePath (fetched by
// loadServicePathDecryptor when a path is first decrypted) and sanitizeHtml (@platform/shared/sanitize-html, bundled by the app
// that shows server HTML).
export {
  decryptedUrlOf,
  hasSupportLink,
  isWebUrl,
  loadServicePathDecryptor,
  openSupportLink,
  SUPPORT_LINK_TYPE,
  supportLinkUrl,
} from './security/support-link';

// Data
export { useCall, type CallFetcher, type CallResult, type CallState, type CallStatus, type UseCallOptions } from './data/use-call';
export {
  DEFAULT_PAGE_SIZE,
  usePagedList,
  type PagedFetcher,
  type PagedList,
  type PagedListResult,
  type PagedQuery,
  type UsePagedListOptions,
} from './data/use-paged-list';
