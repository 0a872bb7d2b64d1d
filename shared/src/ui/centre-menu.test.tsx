import { fireEvent, render, screen } from '@testing-library/react';
import { i18n } from '../i18n/i18n-instance';
import { CentreMenu } from './centre-menu';

beforeAll(() => i18n.changeLanguage('EN'));

const PAGES = [
  { key: 'one', label: 'First page' },
  { key: 'two', label: 'Second page' },
];

function renderCentre(onClose = jest.fn()) {
  render(<CentreMenu title="Member Centre" closeLabel="Close" pages={PAGES} current="two" onSelect={() => undefined} onClose={onClose} remote="mfe_test" version="1.0.0" />);
  return onClose;
}

describe('CentreMenu', () => {
  it('is a modal dialog with its pages, the current one marked, and a close button', () => {
    const onClose = renderCentre();
    expect(screen.getByRole('dialog', { name: 'Member Centre' }).getAttribute('aria-modal')).toBe('true');
    expect(screen.getByRole('button', { name: 'Second page' }).getAttribute('aria-current')).toBe('page');
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  describe('at phone width', () => {
    const original = Object.getOwnPropertyDescriptor(window, 'matchMedia');
    beforeEach(() => {
      Object.defineProperty(window, 'matchMedia', {
        configurable: true,
        writable: true,
        value: (query: string) => ({ matches: true, media: query, addEventListener: () => undefined, removeEventListener: () => undefined }),
      });
    });
    afterEach(() => {
      if (original) Object.defineProperty(window, 'matchMedia', original);
      else delete (window as { matchMedia?: unknown }).matchMedia;
    });

    it('is a sheet left by its back control', () => {
      const onClose = renderCentre();
      expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
      fireEvent.click(screen.getByRole('button', { name: 'Back' }));
      expect(onClose).toHaveBeenCalledTimes(1);
    });
  });
});
