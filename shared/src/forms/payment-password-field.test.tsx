import { fireEvent, render, screen } from '@testing-library/react';
import { isPaymentPassword, PaymentPasswordField } from './payment-password-field';

describe('PaymentPasswordField', () => {
  it('is a required six-digit password field with a number pad, a show/hide button and no autofill', () => {
    const onChange = jest.fn();
    render(<PaymentPasswordField name="password" label="Payment password" value="" onChange={onChange} error="Wrong" testIdPrefix="pay" />);
    const input = screen.getByTestId('pay-password') as HTMLInputElement;
    expect(input.type).toBe('password');
    expect(input.inputMode).toBe('numeric');
    expect(input.maxLength).toBe(6);
    expect(input.autocomplete).toBe('off');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Wrong')).toBeTruthy();
    fireEvent.change(input, { target: { value: '123456' } });
    expect(onChange).toHaveBeenCalledWith('123456');
    const reveal = screen.getByRole('button');
    expect(reveal.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(reveal);
    expect(input.type).toBe('text');
  });

  it('checks the format the server checks: exactly six digits', () => {
    expect(['123456', '000000'].map(isPaymentPassword)).toEqual([true, true]);
    expect(['12345', '1234567', '12345a', ' 123456', '１２３４５６', ''].map(isPaymentPassword)).toEqual([false, false, false, false, false, false]);
  });
});
