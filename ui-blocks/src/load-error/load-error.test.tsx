import { act, fireEvent, screen, within } from '@testing-library/react';
import { setLanguage } from '@platform/shared';
import { renderWithProviders, resetTestState } from '@platform/shared/testing';
import { LoadError } from './load-error';

beforeEach(async () => {
  await resetTestState();
});

describe('LoadError', () => {
  it('says what could not be loaded, as an alert, and asks again on Retry', () => {
    const onRetry = jest.fn();
    renderWithProviders(<LoadError title="The games could not be loaded" onRetry={onRetry} testId="games-error" retryTestId="games-retry" />);
    const alert = screen.getByRole('alert');
    expect(alert).toBe(screen.getByTestId('games-error'));
    expect(within(alert).getByText('The games could not be loaded')).toBeTruthy();

    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));

    expect(onRetry).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('games-retry')).toBe(within(alert).getByRole('button'));
  });

  it("names what failed in the page's words, with the failure's reason under it (once)", () => {
    const { rerender } = renderWithProviders(
      <LoadError title="Your wallets could not be loaded" error={{ message: 'Network link is abnormal, please try again' }} onRetry={() => undefined} />,
    );
    expect(screen.getByRole('alert').textContent).toBe('Your wallets could not be loadedNetwork link is abnormal, please try againRetry');

    rerender(<LoadError title="Busy" error={{ message: 'Busy' }} onRetry={() => undefined} />);
    expect(screen.getAllByText('Busy')).toHaveLength(1);
    rerender(<LoadError title="Busy" error={null} onRetry={() => undefined} />);
    expect(screen.getByRole('alert').textContent).toBe('BusyRetry');
  });

  it('takes no second press while a retry is under way', () => {
    const onRetry = jest.fn();
    renderWithProviders(<LoadError title="Busy" onRetry={onRetry} busy />);
    const retry = screen.getByRole('button', { name: /Retry/ });
    expect(retry.hasAttribute('disabled')).toBe(true);
    expect(retry.getAttribute('aria-busy')).toBe('true');
    fireEvent.click(retry);
    expect(onRetry).not.toHaveBeenCalled();
  });

  it('has a small button where room is short (compact, inline), and the page’s own frame', () => {
    const { rerender } = renderWithProviders(<LoadError title="Busy" onRetry={() => undefined} />);
    expect(screen.getByRole('button').className).toContain('md');
    rerender(<LoadError title="Busy" onRetry={() => undefined} variant="compact" className="slot" />);
    expect(screen.getByRole('alert').className).toContain('compact');
    expect(screen.getByRole('alert').className).toContain('slot');
    expect(screen.getByRole('button').className).toContain('sm');
    rerender(<LoadError title="Busy" onRetry={() => undefined} variant="inline" />);
    expect(screen.getByRole('alert').getAttribute('data-variant')).toBe('inline');
    expect(screen.getByRole('button').className).toContain('sm');
  });

  it("words its retry in the page's language", async () => {
    renderWithProviders(<LoadError title="—" onRetry={() => undefined} />);
    await act(() => setLanguage('TH', { api: null }));
    expect(await screen.findByRole('button', { name: 'ลองอีกครั้ง' })).toBeTruthy();
    await act(() => setLanguage('TY', { api: null }));
    expect(await screen.findByRole('button', { name: '重試' })).toBeTruthy();
  });
});
