import { PAYMENT_PASSWORD_LENGTH, PAYMENT_PASSWORD_PATTERN } from '@platform/contract';
import { TextField, type TextFieldProps } from './text-field';

const PAYMENT_PASSWORD = new RegExp(PAYMENT_PASSWORD_PATTERN);

/** Whether `value` has the payment password's format (the contract's pattern: 6 digits), as the server checks it. */
export const isPaymentPassword = (value: string): boolean => PAYMENT_PASSWORD.test(value);

export type PaymentPasswordFieldProps = Omit<TextFieldProps, 'type' | 'inputMode' | 'maxLength' | 'revealable' | 'autoComplete' | 'required'>;

/**
 * The payment password (6 digits), as every money form asks for it: a required password field
 * with a number pad on phones, a show/hide button, and nothing for the browser to remember.
 */
export function PaymentPasswordField(props: PaymentPasswordFieldProps) {
  return <TextField {...props} type="password" inputMode="numeric" maxLength={PAYMENT_PASSWORD_LENGTH} required revealable autoComplete="off" />;
}
