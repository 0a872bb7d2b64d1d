import { act, fireEvent, screen } from '@testing-library/react';
import { setLanguage } from '@platform/shared';
import { renderWithProviders, resetTestState } from '@platform/shared/testing';
import { CopyButton } from './copy-button';

// The copy button of an account number, an invitation link or a code: the text reaches the
// clipboard and the button says so for a moment; without a clipboard nothing breaks.

beforeEach(async () => {
  await resetTestState();
});

it('copies the text and says Copied, then Copy again', async () => {
  jest.useFakeTimers();
  const writeText = jest.fn().mockResolvedValue(undefined);
  Object.assign(navigator, { clipboard: { writeText } });
  renderWithProviders(<CopyButton text="https://luckystar.example/r/AB12CD34" label="Invitation link" testId="copy-link" />);
  const button = screen.getByTestId('copy-link');
  expect(button.getAttribute('aria-label')).toBe('Invitation link: Copy');
  await act(async () => {
    fireEvent.click(button);
  });
  expect(writeText).toHaveBeenCalledWith('https://luckystar.example/r/AB12CD34');
  expect(button.textContent).toBe('Copied');
  act(() => {
    jest.advanceTimersByTime(2000);
  });
  expect(button.textContent).toBe('Copy');
  jest.useRealTimers();
});

it('stays as it was when the page may not use the clipboard, and speaks Bengali', async () => {
  Object.assign(navigator, { clipboard: { writeText: jest.fn().mockRejectedValue(new Error('denied')) } });
  await setLanguage('BN');
  renderWithProviders(<CopyButton text="AB12CD34" label="কোড" testId="copy-code" variant="secondary" />);
  await act(async () => {
    fireEvent.click(screen.getByTestId('copy-code'));
  });
  expect(screen.getByTestId('copy-code').textContent).toBe('কপি');
});
