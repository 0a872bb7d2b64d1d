import { createContext, useContext, useEffect, useId, useRef, type MouseEvent, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { useT } from '../i18n/use-t';
import { classNames } from './class-names';
import { IconButton } from './icon-button';
import styles from './modal.module.css';
import { usePhoneWidth } from './use-phone-width';

export interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  /** A click on the dimmed background closes the modal (the login popup does). */
  closeOnBackdrop?: boolean;
  className?: string;
  /** data-testid of the dialog element (the content is portalled to <body>). */
  testId?: string;
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** How deep a modal sits inside other modals (a confirm dialog opened from the login popup). */
export const ModalDepth = createContext(0);

interface OpenModal {
  depth: number;
  order: number;
  dialog: () => HTMLElement | null;
}

/**
 * Modals open on the page. The innermost (deepest, then latest) one has the keyboard: Escape and
 * Tab act on it alone, and focus goes to it.
 */
const openModals: OpenModal[] = [];
let openCount = 0;
let focusBeforeModals: HTMLElement | null = null;
let overflowBeforeModals = '';

function innermost(): OpenModal | undefined {
  return openModals.reduce<OpenModal | undefined>(
    (top, entry) => (!top || entry.depth > top.depth || (entry.depth === top.depth && entry.order > top.order) ? entry : top),
    undefined,
  );
}

/**
 * The keyboard of a modal dialog at `depth` (ModalDepth): while open it joins the open modals,
 * takes focus, and when it is the innermost one Escape closes it and Tab stays inside it; closed,
 * focus goes back where it was. Modal and the centres' full-screen overlay (CentreMenu) use it, so
 * a dialog opened over a centre page keeps the keyboard until it closes.
 */
export function useModalKeyboard(open: boolean, depth: number, dialogRef: RefObject<HTMLElement | null>, onClose: () => void): void {
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    if (!open) return undefined;
    if (openModals.length === 0) {
      focusBeforeModals = document.activeElement as HTMLElement | null;
      overflowBeforeModals = document.body.style.overflow;
      document.body.style.overflow = 'hidden';
    }
    const entry: OpenModal = { depth, order: (openCount += 1), dialog: () => dialogRef.current };
    openModals.push(entry);
    innermost()?.dialog()?.focus();

    const onKeyDown = (event: KeyboardEvent) => {
      const dialog = dialogRef.current;
      if (innermost() !== entry || !dialog) return;
      if (event.key === 'Escape') {
        event.stopPropagation();
        onCloseRef.current();
      } else if (event.key === 'Tab') {
        // Keep keyboard focus inside the dialog.
        const focusable = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)];
        const first = focusable[0];
        const last = focusable[focusable.length - 1];
        if (!first) {
          event.preventDefault();
        } else if (event.shiftKey && (document.activeElement === first || document.activeElement === dialog)) {
          event.preventDefault();
          last.focus();
        } else if (!event.shiftKey && (document.activeElement === last || !dialog.contains(document.activeElement))) {
          event.preventDefault();
          first.focus();
        }
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      openModals.splice(openModals.indexOf(entry), 1);
      if (openModals.length > 0) {
        innermost()?.dialog()?.focus();
      } else {
        document.body.style.overflow = overflowBeforeModals;
        focusBeforeModals?.focus?.();
        focusBeforeModals = null;
      }
    };
  }, [open, depth, dialogRef]);
}

/** A back arrow pointing to the reading direction's start (mirrored right-to-left by the CSS). */
export function BackArrow() {
  return (
    <svg className={styles.backArrow} viewBox="0 0 24 24" width="22" height="22" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" focusable="false" aria-hidden="true">
      <path d="M15 5l-7 7 7 7" />
    </svg>
  );
}

/**
 * A dialog over the page. Below 768 px a md or lg modal is a full-screen sheet whose header has a
 * back control (which closes it) in place of the close button; sm modals (confirmations) stay
 * centred dialogs.
 */
export function Modal({ open, onClose, title, children, footer, size = 'md', closeOnBackdrop = true, className, testId }: ModalProps) {
  const { t } = useT();
  const titleId = useId();
  const depth = useContext(ModalDepth) + 1;
  // A sheet (phones, md and lg) is left by its back control; a dialog by its close button. Only
  // the one shown is rendered, so the focus trap never lands on a hidden button.
  const sheet = usePhoneWidth() && size !== 'sm';
  const dialogRef = useRef<HTMLDivElement>(null);
  const pressStartedOnBackdrop = useRef(false);

  useModalKeyboard(open, depth, dialogRef, onClose);

  if (!open || typeof document === 'undefined') return null;

  // Only a press that starts and ends on the background closes: a text selection dragged out of
  // the dialog does not.
  const onBackdropMouseDown = (event: MouseEvent) => {
    pressStartedOnBackdrop.current = event.target === event.currentTarget;
  };
  const onBackdropClick = (event: MouseEvent) => {
    if (closeOnBackdrop && pressStartedOnBackdrop.current && event.target === event.currentTarget) onClose();
    pressStartedOnBackdrop.current = false;
  };

  return createPortal(
    <ModalDepth.Provider value={depth}>
      <div className={classNames(styles.backdrop, sheet && styles.sheet)} onMouseDown={onBackdropMouseDown} onClick={onBackdropClick} data-testid="modal-backdrop">
        <div
          ref={dialogRef}
          role="dialog"
          data-testid={testId}
          aria-modal="true"
          aria-labelledby={titleId}
          tabIndex={-1}
          className={classNames(styles.dialog, styles[size], className)}
        >
          <header className={styles.header}>
            {sheet && <IconButton label={t('back')} icon={<BackArrow />} size="sm" className={styles.back} onClick={onClose} />}
            <h2 id={titleId} className={styles.title}>
              {title}
            </h2>
            {!sheet && <IconButton label={t('close')} icon="✕" size="sm" className={styles.close} onClick={onClose} />}
          </header>
          <div className={styles.body}>{children}</div>
          {footer && <footer className={styles.footer}>{footer}</footer>}
        </div>
      </div>
    </ModalDepth.Provider>,
    document.body,
  );
}
