import type { ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { ConfirmDialog } from './confirm-dialog';

export interface NoticeOptions {
  title?: ReactNode;
  message: ReactNode;
  confirmLabel?: string;
  testId?: string;
}

/** Notices on screen, each with the function removing it. */
const openNotices = new Set<() => void>();

/** Removes every notice at once (tests, between pages of a test run). */
export function dismissAllNotices(): void {
  for (const remove of [...openNotices]) remove();
}

/**
 * A notice with one button in a root of its own: it outlives the popup or page that raised it
 * (the registration success popup shows after the login popup closed and the route changed).
 * Resolves when the player dismisses it.
 */
export function showNotice({ title, message, confirmLabel, testId }: NoticeOptions): Promise<void> {
  if (typeof document === 'undefined') return Promise.resolve();
  return new Promise((resolve) => {
    const container = document.createElement('div');
    document.body.appendChild(container);
    const root = createRoot(container);
    const remove = () => {
      if (!openNotices.delete(remove)) return;
      root.unmount();
      container.remove();
      resolve();
    };
    openNotices.add(remove);
    // Unmounting from inside the root's own click handler waits for the handler to finish.
    const close = () => queueMicrotask(remove);
    root.render(<ConfirmDialog open hideCancel title={title} message={message} confirmLabel={confirmLabel} onConfirm={close} testId={testId} />);
  });
}
