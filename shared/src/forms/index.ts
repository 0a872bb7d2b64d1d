// @platform/shared/forms: the forms kit (fields, validation, SMS codes, captcha, country codes, the
// site's registration rules). An entry point of its own and a page-wide singleton (like the
// package's index), fetched by the apps that show forms, not on every first load. Its files reach
// the rest of the package only through '@platform/shared' (the page's one copy), never by a
// relative path, which would bundle a second bus, API client or i18n instance beside the kit
// (tools/dependency-check: kits-through-shared). (Since 5.0.0.)
export { useForm, type FieldErrors, type Form, type UseFormOptions } from './use-form';
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
} from './validation';
export { failedField, serverMessage, unreportedMessage } from './failure-message';
export { DROPDOWN_CLOSE_DELAY_MS, SECONDS_PER_SMS_MINUTE, THROTTLE_MS } from './form-constants';
export { TextField, type TextFieldProps } from './text-field';
export { isPaymentPassword, PaymentPasswordField, type PaymentPasswordFieldProps } from './payment-password-field';
export { CheckboxField, type CheckboxFieldProps } from './checkbox-field';
export { FormError, type FormErrorProps } from './form-error';
export { useFieldErrorText } from './use-field-error-text';
export { usePasswordHint } from './use-password-hint';
export { SmsCodeButton, type SmsCodeButtonProps } from './sms-code-button';
export { countdownDeadline, type MobileNumber, type SmsSendValue } from './sms-api';
export { useSendCode } from './use-send-code';
export { secondsUntil, useCountdown } from './use-countdown';
export { useThrottle } from './use-throttle';
export { CaptchaImage } from './captcha-image';
export { fetchCaptcha, type Captcha } from './captcha-api';
export { useCaptcha, type CaptchaState } from './use-captcha';
export { CountryCodePicker, type CountryCodePickerProps } from './country-code-picker';
export { countryFlag, normaliseDialingCode } from './country-flag';
export { useCountries } from './use-countries';
export { preferredDialingCode, useDialingCode } from './use-dialing-code';
export { isModuleOn, useSiteConfig, type SiteConfig } from './use-site-config';
export { useRegisterRules, type RegisterRules } from './use-register-rules';

