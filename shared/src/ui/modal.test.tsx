import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { i18n } from '../i18n/i18n-instance';
import { Modal } from './modal';

beforeAll(() => i18n.changeLanguage('EN'));

describe('Modal', () => {
  it('renders nothing when closed', () => {
    render(<Modal open={false} onClose={() => undefined} title="Login" />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('is a modal dialog in document.body, named by its title', () => {
    const { container } = render(
      <Modal open onClose={() => undefined} title="Login" footer={<button type="button">Submit</button>}>
        <p>Form</p>
      </Modal>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Login' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(container.contains(dialog)).toBe(false);
    expect(document.body.contains(dialog)).toBe(true);
    expect(screen.getByText('Form')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeTruthy();
    expect(document.activeElement).toBe(dialog);
  });

  it('closes from its close button, Escape and a background click, not a click inside', () => {
    const onClose = jest.fn();
    render(
      <Modal open onClose={onClose} title="Login">
        <p>Inside</p>
      </Modal>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);

    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(2);

    fireEvent.mouseDown(screen.getByText('Inside'));
    fireEvent.click(screen.getByText('Inside'));
    expect(onClose).toHaveBeenCalledTimes(2);

    const backdrop = screen.getByTestId('modal-backdrop');
    fireEvent.mouseDown(backdrop);
    fireEvent.click(backdrop);
    expect(onClose).toHaveBeenCalledTimes(3);
  });

  it('stays open on a background click when told to', () => {
    const onClose = jest.fn();
    render(<Modal open onClose={onClose} title="Change password" closeOnBackdrop={false} />);
    const backdrop = screen.getByTestId('modal-backdrop');
    fireEvent.mouseDown(backdrop);
    fireEvent.click(backdrop);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('closes only the innermost modal on Escape and gives focus back when closed', () => {
    function Harness() {
      const [outer, setOuter] = useState(false);
      const [inner, setInner] = useState(true);
      return (
        <>
          <button type="button" onClick={() => setOuter(true)}>
            Open
          </button>
          <Modal open={outer} onClose={() => setOuter(false)} title="Outer">
            <Modal open={inner} onClose={() => setInner(false)} title="Inner" />
          </Modal>
        </>
      );
    }
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Open' });
    opener.focus();
    fireEvent.click(opener);
    expect(screen.getAllByRole('dialog')).toHaveLength(2);

    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect(screen.getByRole('dialog', { name: 'Outer' })).toBeTruthy();

    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('keeps Tab inside the dialog', () => {
    render(
      <Modal open onClose={() => undefined} title="Login" footer={<button type="button">Submit</button>}>
        <input aria-label="Username" />
      </Modal>,
    );
    const close = screen.getByRole('button', { name: 'Close' });
    const submit = screen.getByRole('button', { name: 'Submit' });
    submit.focus();
    fireEvent.keyDown(document, { key: 'Tab' });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(document, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(submit);
  });
});

describe('Modal at phone width', () => {
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

  it('is a full-screen sheet left by its back control (md and lg)', () => {
    const onClose = jest.fn();
    render(<Modal open onClose={onClose} title="Login" />);
    const dialog = screen.getByRole('dialog', { name: 'Login' });
    expect(dialog.parentElement?.className).toContain('sheet');
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('keeps a small modal (a confirmation) a centred dialog with its close button', () => {
    render(<Modal open onClose={() => undefined} title="Sure?" size="sm" />);
    expect(screen.getByRole('dialog', { name: 'Sure?' }).parentElement?.className).not.toContain('sheet');
    expect(screen.getByRole('button', { name: 'Close' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
  });
});
