import { COMMON_NAMESPACE, showNotice, useBusState, useT } from '@platform/shared';
import type { FirebaseSmsConfig } from '@platform/contract';
import { countdownDeadline, useFieldErrorText, type FieldError, type MobileNumber } from '@platform/shared/forms';
import { useCallback, useMemo, useRef, type RefObject } from 'react';
import { NAMESPACE } from '../../locales';
import type { SentPhoneCode } from './firebase-phone-sdk';
import { loadFirebasePhone } from './load-firebase-phone';
import { phoneProofErrorOf, PhoneProofError } from './phone-proof-error';

// The browser half of the third-party (Firebase) SMS channel (the server's module
// phone-proof/). Where the merchant set it up (info.firebaseSms of the system status), Google
// sends the SMS code instead of the site, and the forms send the Firebase ID token the typed code
// earns (firebaseChannel 'sms', firebaseIdToken) instead of having the site check the code.

/** The Firebase SMS channel of one form. */
export interface FirebasePhone {
  /** The invisible reCAPTCHA's container: the form renders an (empty) element with this ref. */
  recaptchaRef: RefObject<HTMLDivElement | null>;
  /** Has Google send a code to the number (E.164 of the two). Fails with a PhoneProofError. */
  send(countryDialingCode: string, mobileNum: string): Promise<void>;
  /**
   * The Firebase ID token the code typed earns for the number the last send went to. Fails with a
   * PhoneProofError (code_invalid for a wrong code; code_not_sent before any send).
   */
  idTokenFor(code: string): Promise<string>;
}

/** The countdown after a send through Firebase: one minute. */
const FIREBASE_CODE_MINUTES = 1;

/**
 * A token proved for a code is sent again for the same code (a retry after a refusal that used
 * nothing up: the captcha, a network failure) while the server would still take it: its phone
 * sign-in at most 10 minutes old (phone-proof's maxAuthAgeSeconds), with a margin.
 */
const TOKEN_REUSE_MS = 5 * 60 * 1000;

/** The number as Firebase takes it: E.164, the national number without trunk zeros (as the server stores it). */
export function e164Of(countryDialingCode: string, mobileNum: string): string {
  return `+${countryDialingCode.replace(/\D/g, '')}${mobileNum.replace(/\D/g, '').replace(/^0+/, '')}`;
}

/** The merchant's Firebase SMS channel (info.firebaseSms of the status), or null when there is none. */
export function useFirebaseSmsConfig(): FirebaseSmsConfig | null {
  const { status } = useBusState('settings');
  const configured = status?.info.firebaseSms;
  const projectId = configured?.projectId;
  const apiKey = configured?.apiKey;
  const authDomain = configured?.authDomain;
  return useMemo(() => (projectId && apiKey && authDomain ? { projectId, apiKey, authDomain } : null), [projectId, apiKey, authDomain]);
}

/**
 * The Firebase SMS channel for a form: null where the merchant has none (the form then uses the
 * site's own SMS codes, and the SDK is never fetched).
 */
export function useFirebasePhone(): FirebasePhone | null {
  const config = useFirebaseSmsConfig();
  const recaptchaRef = useRef<HTMLDivElement | null>(null);
  const sent = useRef<{ code: SentPhoneCode; proved: { code: string; token: string; at: number } | null } | null>(null);

  return useMemo(() => {
    if (!config) return null;
    return {
      recaptchaRef,
      async send(countryDialingCode, mobileNum) {
        const container = recaptchaRef.current;
        if (!container) throw new PhoneProofError('failed');
        try {
          const sdk = await loadFirebasePhone();
          const language = typeof document === 'undefined' ? '' : document.documentElement.lang;
          const code = await sdk.sendPhoneCode(config, e164Of(countryDialingCode, mobileNum), container, language || undefined);
          sent.current = { code, proved: null };
        } catch (error) {
          throw phoneProofErrorOf(error);
        }
      },
      async idTokenFor(typed) {
        const current = sent.current;
        if (!current) throw new PhoneProofError('code_not_sent');
        const { proved } = current;
        if (proved && proved.code === typed && Date.now() - proved.at < TOKEN_REUSE_MS) return proved.token;
        try {
          const token = await current.code.idTokenFor(typed);
          current.proved = { code: typed, token, at: Date.now() };
          return token;
        } catch (error) {
          throw phoneProofErrorOf(error);
        }
      },
    } satisfies FirebasePhone;
  }, [config]);
}

/** Where a failure of the channel is shown: under the mobile number or the code, with its text. */
export interface PhoneProofFailure {
  field: 'mobileNum' | 'code';
  error: FieldError;
}

/**
 * A channel failure as the form shows it: the forms kit's own texts where there is one (a wrong
 * code, a wrong number, the network), the auth remote's otherwise.
 */
export function usePhoneProofFailure(): (error: unknown) => PhoneProofFailure {
  const { t } = useT(NAMESPACE);
  const { t: common } = useT(COMMON_NAMESPACE);
  return useCallback(
    (error: unknown): PhoneProofFailure => {
      switch (phoneProofErrorOf(error).reason) {
        case 'code_invalid':
          return { field: 'code', error: { key: 'error_code_invalid' } };
        case 'code_expired':
          return { field: 'code', error: { text: t('phone_proof_code_expired') } };
        case 'code_not_sent':
          return { field: 'code', error: { text: t('phone_proof_code_not_sent') } };
        case 'phone_invalid':
          return { field: 'mobileNum', error: { key: 'error_mobile_invalid' } };
        case 'too_many_requests':
          return { field: 'code', error: { text: t('phone_proof_too_many_requests') } };
        case 'network':
          return { field: 'code', error: { text: common('network_error') } };
        default:
          return { field: 'code', error: { text: t('phone_proof_failed') } };
      }
    },
    [t, common],
  );
}

/**
 * The get-code button's send through Firebase (for SmsCodeButton): resolves to the end of the
 * one-minute countdown, or null when nothing went out. A refused number is shown under the mobile
 * number (`showMobileError`); any other failure as the warning a failed site send shows.
 */
export function useFirebaseSendCode(
  phone: FirebasePhone | null,
  { countryDialingCode, mobileNum }: MobileNumber,
  showMobileError: (error: FieldError) => void,
): () => Promise<number | null> {
  const { t } = useT(NAMESPACE);
  const errorText = useFieldErrorText(NAMESPACE);
  const failureOf = usePhoneProofFailure();
  return useCallback(async () => {
    if (!phone) return null;
    try {
      await phone.send(countryDialingCode, mobileNum);
      return countdownDeadline({ expiredMinutes: FIREBASE_CODE_MINUTES });
    } catch (error) {
      const failure = failureOf(error);
      if (failure.field === 'mobileNum') showMobileError(failure.error);
      else void showNotice({ title: t('warning'), message: errorText(failure.error) ?? '', testId: 'sms-send-failed' });
      return null;
    }
  }, [phone, countryDialingCode, mobileNum, showMobileError, failureOf, errorText, t]);
}
