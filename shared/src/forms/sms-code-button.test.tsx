import { act, fireEvent, render, screen } from '@testing-library/react';
import { i18n } from '../i18n/i18n-instance';
import { SmsCodeButton } from './sms-code-button';

beforeAll(() => i18n.changeLanguage('EN'));

beforeEach(() => {
  jest.useFakeTimers();
  jest.setSystemTime(new Date('2025-01-01T00:00:00Z'));
});

const getCode = () => screen.getByTestId('sms-code-button');

describe('SmsCodeButton', () => {
  it("counts down from the deadline showing 'code sent (n)', and is available again at 0", async () => {
    const send = jest.fn(async () => Date.now() + 2 * 60_000);
    render(<SmsCodeButton canSend={() => true} send={send} />);
    expect(getCode().textContent).toBe('Get code');
    await act(async () => {
      fireEvent.click(getCode());
    });
    expect(send).toHaveBeenCalledTimes(1);
    expect(getCode().textContent).toBe('Code sent (120)');
    expect((getCode() as HTMLButtonElement).disabled).toBe(true);
    act(() => jest.advanceTimersByTime(1000));
    expect(getCode().textContent).toBe('Code sent (119)');
    act(() => jest.advanceTimersByTime(119_000));
    expect(getCode().textContent).toBe('Get code');
    expect((getCode() as HTMLButtonElement).disabled).toBe(false);
  });

  it('sends nothing without a valid mobile number', () => {
    const send = jest.fn(async () => Date.now() + 60_000);
    render(<SmsCodeButton canSend={() => false} send={send} />);
    fireEvent.click(getCode());
    expect(send).not.toHaveBeenCalled();
  });

  it('sends at most once a second, and starts no countdown when the send failed', async () => {
    const send = jest.fn(async () => null);
    render(<SmsCodeButton canSend={() => true} send={send} />);
    await act(async () => {
      fireEvent.click(getCode());
    });
    await act(async () => {
      fireEvent.click(getCode());
    });
    expect(send).toHaveBeenCalledTimes(1);
    expect(getCode().textContent).toBe('Get code');
    act(() => jest.advanceTimersByTime(1000));
    await act(async () => {
      fireEvent.click(getCode());
    });
    expect(send).toHaveBeenCalledTimes(2);
  });
});
