import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError } from '@platform/shared';
import { COUNTRIES, renderWithProviders, resetTestState } from '@platform/shared/testing';
import { useFieldErrorText, type FieldError, type MobileNumber } from '@platform/shared/forms';
import { useState } from 'react';
import { MobileCodeFields, type MobileCodeFieldsProps } from './mobile-code-fields';

// The mobile number and SMS code group inside a stand-in form: the picker, the number checked
// before a code is sent, the send with the dialling code, its countdown, and a failed send.

beforeEach(async () => {
  await resetTestState();
});

type Overrides = Partial<Pick<MobileCodeFieldsProps, 'send' | 'sendBy' | 'pickerTestId' | 'sendButtonTestId'>> & { withCode?: boolean; countries?: typeof COUNTRIES };

function Form({ withCode = true, countries = COUNTRIES, ...overrides }: Overrides) {
  const [mobile, setMobile] = useState('');
  const [code, setCode] = useState('');
  const [mobileError, setMobileError] = useState<FieldError | null>(null);
  const [dialingCode, setDialingCode] = useState('+880');
  // The verdict names the number by a label key of the form's strings: here none, so the key shows.
  const errorText = useFieldErrorText('none');
  return (
    <form>
      <MobileCodeFields
        testIdPrefix="bind"
        dialing={{ countries, dialingCode, setDialingCode }}
        mobile={{ value: mobile, onChange: setMobile, label: 'Mobile number', error: errorText(mobileError) }}
        code={withCode ? { value: code, onChange: setCode, label: 'Verification code' } : undefined}
        mobileRule={undefined}
        onMobileError={setMobileError}
        send={async () => Date.now() + 60_000}
        {...overrides}
      />
    </form>
  );
}

const sendButton = () => screen.getByTestId('bind-sms-code-button');
const press = async () => {
  await act(async () => {
    fireEvent.click(sendButton());
  });
};

describe('MobileCodeFields', () => {
  it('shows the number with its dialling code and the code with its send button', () => {
    renderWithProviders(<Form />);
    expect(screen.getByLabelText('Mobile number')).toBe(screen.getByTestId('bind-mobileNum'));
    expect((screen.getByTestId('bind-mobileNum') as HTMLInputElement).type).toBe('tel');
    expect(screen.getByLabelText('Verification code')).toBe(screen.getByTestId('bind-verificationCode'));
    expect((screen.getByTestId('bind-verificationCode') as HTMLInputElement).autocomplete).toBe('one-time-code');
    expect(screen.getByTestId('bind-country-code').textContent).toContain('+880');
    expect(sendButton().textContent).toBe('Get code');
  });

  it('offers the picker once the country list is there, and the number alone without a code', () => {
    renderWithProviders(<Form countries={[]} withCode={false} />);
    expect(screen.getByTestId('bind-mobileNum')).toBeTruthy();
    expect(screen.queryByTestId('bind-country-code')).toBeNull();
    expect(screen.queryByTestId('bind-verificationCode')).toBeNull();
    expect(screen.queryByTestId('bind-sms-code-button')).toBeNull();
  });

  it('sends nothing for a number the site’s rule refuses, and says why under it', async () => {
    const send = jest.fn(async () => Date.now() + 60_000);
    renderWithProviders(<Form send={send} />);
    await press();
    expect(await screen.findByRole('alert')).toBeTruthy();
    fireEvent.change(screen.getByTestId('bind-mobileNum'), { target: { value: '12' } });
    await press();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Please enter a valid mobile number'));
    expect(send).not.toHaveBeenCalled();
  });

  it('sends the code to the number with the chosen dialling code, then counts down', async () => {
    const send = jest.fn(async (_mobile: MobileNumber) => Date.now() + 90_000);
    renderWithProviders(<Form send={send} />);
    fireEvent.focus(within(screen.getByTestId('bind-country-code')).getByRole('combobox'));
    fireEvent.click(await screen.findByRole('option', { name: /India/ }));
    fireEvent.change(screen.getByTestId('bind-mobileNum'), { target: { value: ' 1712345678 ' } });
    await press();
    expect(send).toHaveBeenCalledWith({ countryDialingCode: '+91', mobileNum: '1712345678' });
    await waitFor(() => expect(sendButton().textContent).toMatch(/^Code sent \((90|89)\)$/));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows a failed send as a notice and starts no countdown', async () => {
    // A quiet call's refusal: the API client leaves telling it to the caller.
    const send = jest.fn(async () => {
      throw new ApiError({ status: 400, errorCode: 'sms.limit', message: 'Too many codes today', call: { name: 'smsSend', quiet: true } });
    });
    renderWithProviders(<Form send={send} />);
    fireEvent.change(screen.getByTestId('bind-mobileNum'), { target: { value: '1712345678' } });
    await press();
    expect((await screen.findByTestId('sms-send-failed')).textContent).toContain('Too many codes today');
    expect(sendButton().textContent).toBe('Get code');
  });

  it('sends by the form’s own channel when it has one, with the testids the form names', async () => {
    const send = jest.fn(async () => Date.now() + 60_000);
    const sendBy = jest.fn(async () => Date.now() + 60_000);
    renderWithProviders(<Form send={send} sendBy={sendBy} pickerTestId="bind-country" sendButtonTestId="bind-code-button" />);
    expect(screen.getByTestId('bind-country')).toBeTruthy();
    fireEvent.change(screen.getByTestId('bind-mobileNum'), { target: { value: '1712345678' } });
    await act(async () => {
      fireEvent.click(screen.getByTestId('bind-code-button'));
    });
    expect(sendBy).toHaveBeenCalledTimes(1);
    expect(send).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.getByTestId('bind-code-button').textContent).toMatch(/^Code sent/));
  });
});
