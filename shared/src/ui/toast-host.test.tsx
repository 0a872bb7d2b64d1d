import { act, fireEvent, render, screen } from '@testing-library/react';
import { createEventBus, type EventBus } from '../bus/event-bus';
import { i18n } from '../i18n/i18n-instance';
import { ToastHost } from './toast-host';

let bus: EventBus;
beforeAll(() => i18n.changeLanguage('EN'));
beforeEach(() => {
  jest.useFakeTimers();
  bus = createEventBus();
});
afterEach(() => jest.useRealTimers());

const toast = (message: string, level: 'info' | 'success' | 'warning' | 'error' = 'error') =>
  act(() => bus.dispatch({ type: 'toast', message, level }));

describe('ToastHost', () => {
  it('shows toasts sent on the bus and dismisses them after a while', () => {
    render(<ToastHost bus={bus} durationMs={3000} />);
    toast('Network link is abnormal, please try again');
    toast('Saved', 'success');

    expect(screen.getByRole('alert').textContent).toContain('Network link is abnormal');
    expect(screen.getByRole('status').textContent).toContain('Saved');
    expect(screen.getByRole('region', { name: 'Notifications' })).toBeTruthy();

    act(() => jest.advanceTimersByTime(2999));
    expect(screen.queryByText('Saved')).toBeTruthy();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByText('Saved')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows a repeated message once and restarts its timer', () => {
    render(<ToastHost bus={bus} durationMs={3000} />);
    toast('Network link is abnormal, please try again');
    act(() => jest.advanceTimersByTime(2000));
    toast('Network link is abnormal, please try again');
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    act(() => jest.advanceTimersByTime(2000));
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    act(() => jest.advanceTimersByTime(1000));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('can be dismissed at once', () => {
    render(<ToastHost bus={bus} />);
    toast('Session ended', 'warning');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('Session ended')).toBeNull();
  });

  it('keeps at most four toasts, dropping the oldest', () => {
    render(<ToastHost bus={bus} />);
    for (const message of ['one', 'two', 'three', 'four', 'five']) toast(message, 'info');
    expect(screen.getAllByRole('status').map((element) => element.firstChild?.textContent)).toEqual(['two', 'three', 'four', 'five']);
  });

  it('stops listening when unmounted', () => {
    const { unmount } = render(<ToastHost bus={bus} />);
    unmount();
    expect(() => bus.dispatch({ type: 'toast', message: 'late', level: 'info' })).not.toThrow();
    expect(screen.queryByText('late')).toBeNull();
  });
});
