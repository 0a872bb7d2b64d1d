import { fireEvent, render, screen } from '@testing-library/react';
import { i18n } from '../i18n/i18n-instance';
import { useState } from 'react';
import { CentreMenu } from './centre-menu';
import { Modal } from './modal';

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

  it('shows a page’s badge beside its label when its count is above 0, with its text for screen readers', () => {
    const pages = [
      { key: 'one', label: 'First page', badge: { count: 3, label: '3 open missions' } },
      { key: 'two', label: 'Second page', badge: { count: 0, label: 'none' } },
    ];
    render(<CentreMenu title="Member Centre" closeLabel="Close" pages={pages} current="two" onSelect={() => undefined} onClose={jest.fn()} remote="mfe_test" version="1.0.0" />);
    expect(screen.getByTestId('centre-menu-badge-one').textContent).toBe('3');
    expect(screen.getByRole('button', { name: 'First page 3 open missions' })).toBeTruthy();
    expect(screen.queryByTestId('centre-menu-badge-two')).toBeNull();
  });

  it('closes on Escape, keeps Tab inside, and gives focus back where it was when it closes', () => {
    const opener = document.createElement('button');
    document.body.append(opener);
    opener.focus();
    const onClose = jest.fn();
    const { unmount } = render(<CentreMenu title="Member Centre" closeLabel="Close" pages={PAGES} current="two" onSelect={() => undefined} onClose={onClose} remote="mfe_test" version="1.0.0" />);
    const dialog = screen.getByRole('dialog', { name: 'Member Centre' });
    expect(dialog.contains(document.activeElement)).toBe(true);
    // Tab from the last control comes back to the first; Shift+Tab from the first goes to the last.
    const last = screen.getByRole('button', { name: 'Second page' });
    last.focus();
    fireEvent.keyDown(document, { key: 'Tab' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
    fireEvent.keyDown(document, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(last);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
    unmount();
    expect(document.activeElement).toBe(opener);
    opener.remove();
  });

  it('leaves Escape to a dialog opened from its page until that dialog closes', () => {
    const onClose = jest.fn();
    function PageWithDialog() {
      const [open, setOpen] = useState(true);
      return (
        <Modal open={open} onClose={() => setOpen(false)} title="Confirm">
          <button type="button">OK</button>
        </Modal>
      );
    }
    render(
      <CentreMenu title="Member Centre" closeLabel="Close" pages={PAGES} current="two" onSelect={() => undefined} onClose={onClose} remote="mfe_test" version="1.0.0">
        <PageWithDialog />
      </CentreMenu>,
    );
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog', { name: 'Confirm' })).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.keyDown(document, { key: 'Escape' });
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
