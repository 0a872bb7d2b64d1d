import type { RegisterFieldRule } from '@platform/shared';
import { checkMobile, CountryCodePicker, SmsCodeButton, TextField, trimmed, useSendCode, type FieldError, type MobileNumber, type useDialingCode } from '@platform/shared/forms';
import { useCallback } from 'react';

/** One field of the group, in the form's own words: its label and the text of its error. */
export interface MobileCodeField {
  value: string;
  onChange: (value: string) => void;
  label: string;
  /** Under the field when it is invalid. */
  error?: string;
  onBlur?: () => void;
  /** Required unless the form says otherwise (a number the member may leave out). */
  required?: boolean;
}

export interface MobileCodeFieldsProps {
  /** Prefix of the fields' data-testids: `${prefix}-mobileNum`, `${prefix}-verificationCode` (or the code field's name). */
  testIdPrefix: string;
  /** data-testid of the dialling-code picker; `${prefix}-country-code` by default. */
  pickerTestId?: string;
  /** data-testid of the send-code button; `${prefix}-sms-code-button` by default. */
  sendButtonTestId?: string;
  /** The form's dialling code and the country list (its useDialingCode). */
  dialing: ReturnType<typeof useDialingCode>;
  mobile: MobileCodeField;
  /** The SMS code with its send-code button; left out: the number alone (a site that proves it with no code). */
  code?: MobileCodeField & { name?: string };
  /** The site's rule for a mobile number (its registration rules): checked before a code is sent. */
  mobileRule: RegisterFieldRule | undefined;
  /** Shows that check's verdict under the number (null: it is fine). */
  onMobileError: (error: FieldError | null) => void;
  /** How the verdict names the number: a label key of the form's strings. */
  mobileLabelKey?: string;
  /** Sends the code to the number; resolves to when its countdown ends. A failure shows as a notice and nothing counts down. */
  send: (mobile: MobileNumber) => Promise<number>;
  /** Sends by a channel that shows its own failures (Google's, for the Firebase SMS channel) instead of `send`: null when nothing went out. */
  sendBy?: () => Promise<number | null>;
}

/**
 * A mobile number with its country's dialling code, and the SMS code sent to it: the number's
 * picker (shown once the country list is there), the code's send button with its countdown, and
 * the number checked against the site's rule before anything is sent. The form keeps the values
 * and sends them with the dialling code; its own fields go around the group.
 */
export function MobileCodeFields({
  testIdPrefix,
  pickerTestId = `${testIdPrefix}-country-code`,
  sendButtonTestId = `${testIdPrefix}-sms-code-button`,
  dialing,
  mobile,
  code,
  mobileRule,
  onMobileError,
  mobileLabelKey = 'field_mobileNum',
  send,
  sendBy,
}: MobileCodeFieldsProps) {
  const { countries, dialingCode, setDialingCode } = dialing;
  const mobileNum = trimmed(mobile.value);
  const canSend = () => {
    const error = checkMobile(mobileNum, mobileRule, mobileLabelKey);
    onMobileError(error);
    return !error;
  };
  const sendBySite = useSendCode(useCallback(() => send({ countryDialingCode: dialingCode, mobileNum }), [send, dialingCode, mobileNum]));

  return (
    <>
      <TextField
        name="mobileNum"
        type="tel"
        label={mobile.label}
        value={mobile.value}
        onChange={mobile.onChange}
        onBlur={mobile.onBlur}
        required={mobile.required ?? true}
        inputMode="tel"
        autoComplete="tel-national"
        error={mobile.error}
        leading={countries.length > 0 ? <CountryCodePicker countries={countries} value={dialingCode} onChange={setDialingCode} testId={pickerTestId} /> : undefined}
        testIdPrefix={testIdPrefix}
      />
      {code && (
        <TextField
          name={code.name ?? 'verificationCode'}
          label={code.label}
          value={code.value}
          onChange={code.onChange}
          onBlur={code.onBlur}
          required={code.required ?? true}
          inputMode="numeric"
          autoComplete="one-time-code"
          error={code.error}
          trailing={<SmsCodeButton canSend={canSend} send={sendBy ?? sendBySite} testId={sendButtonTestId} />}
          testIdPrefix={testIdPrefix}
        />
      )}
    </>
  );
}
