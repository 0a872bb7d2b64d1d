// The public API of @platform/shared: everything the shell and the remotes may use.

// Wire shapes
export type * from './types/wire';

// Event bus
export * from './bus/bus-types';
export { bus, createEventBus, INITIAL_STATES, type EventBus } from './bus/event-bus';
export * from './bus/page-keys';
export { useBusState } from './bus/use-bus-state';

// Routing (react-router, through the page's one shared copy: see routing/index.ts)
export * from './routing';

// API
export { ApiError, CLIENT_ERROR_CODES, isApiError } from './api/api-error';
export {
  api,
  CALLER_HANDLED_CODES,
  createApiClient,
  isHandledByClient,
  REQUEST_TIMEOUT_MS,
  SESSION_ENDED_CODES,
  SITE_CLOSED_CODES,
  type ApiClient,
  type ApiClientOptions,
  type CallOptions,
} from './api/client';
export { encryptPayload, importRsaPublicKey, type EncryptedRequest } from './api/encryption';

// Storage
export type { Codec, CodecValue } from './storage/codecs';
export { REMEMBER_MAX_AGE_MS, SESSION_KEYS_KEPT_ON_LOGOUT, STORAGE_KEYS } from './storage/storage-keys';
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
export { ToastHost, TOAST_DURATION_MS, type ToastHostProps } from './ui/toast-host';
export { EmptyState, type EmptyStateProps } from './ui/empty-state';
export { GUEST_ACCOUNT_TYPE, requireRealAccount, useRequireRealAccount } from './ui/real-account-guard';
export { PageScaffold } from './ui/page-scaffold';
export { CentreMenu } from './ui/centre-menu';
export { dismissAllNotices, showNotice, type NoticeOptions } from './ui/show-notice';

// Forms
export { useForm, type FieldErrors, type Form, type UseFormOptions } from './forms/use-form';
export {
  checkConfirmation,
  checkField,
  checkMobile,
  DEFAULT_MOBILE_RULE,
  isValid,
  lengthText,
  matchesRule,
  patternError,
  requiredError,
  trimmed,
  type CheckOptions,
  type FieldError,
  type RuleError,
  type ServerFieldError,
} from './forms/validation';
export { failedField, serverMessage, unreportedMessage } from './forms/failure-message';
export { DROPDOWN_CLOSE_DELAY_MS, SECONDS_PER_SMS_MINUTE, THROTTLE_MS } from './forms/form-constants';
export { TextField, type TextFieldProps } from './forms/text-field';
export { CheckboxField, type CheckboxFieldProps } from './forms/checkbox-field';
export { FormError, type FormErrorProps } from './forms/form-error';
export { useFieldErrorText } from './forms/use-field-error-text';
export { usePasswordHint } from './forms/use-password-hint';
export { SmsCodeButton, type SmsCodeButtonProps } from './forms/sms-code-button';
export { countdownDeadline, type MobileNumber, type SmsSendValue } from './forms/sms-api';
export { useSendCode } from './forms/use-send-code';
export { secondsUntil, useCountdown } from './forms/use-countdown';
export { useThrottle } from './forms/use-throttle';
export { CaptchaImage } from './forms/captcha-image';
export { fetchCaptcha, type Captcha } from './forms/captcha-api';
export { useCaptcha, type CaptchaState } from './forms/use-captcha';
export { CountryCodePicker, type CountryCodePickerProps } from './forms/country-code-picker';
export { countryFlag, normaliseDialingCode } from './forms/country-flag';
export { useCountries } from './forms/use-countries';
export { preferredDialingCode, useDialingCode } from './forms/use-dialing-code';
export { isModuleOn, useSiteConfig, type SiteConfig } from './forms/use-site-config';
export { useRegisterRules, type RegisterRules } from './forms/use-register-rules';

// Money and the balance service
export { amountMinorFromMajor, amountMinorOf, type AmountMinor } from './money/amount-minor';
export { startBalanceService, type BalanceServiceDependencies } from './balance/balance-service';

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
export {
  RecordsTable,
  type ColumnAlign,
  type MoneyAmount,
  type MoneyColumn,
  type RecordsColumn,
  type RecordsSource,
  type RecordsTableProps,
  type TextColumn,
} from './ui/records-table/records-table';
export { PeriodSelect, type PeriodSelectProps } from './ui/records-table/period-select';
export {
  DEFAULT_RECORDS_PERIOD,
  periodRange,
  RECORDS_PERIODS,
  type PeriodRange,
  type RecordsPeriod,
} from './ui/records-table/records-period';
