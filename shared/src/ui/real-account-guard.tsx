import { useCallback } from 'react';
import { createRoot } from 'react-dom/client';
import { bus as defaultBus, type EventBus } from '../bus/event-bus';
import { GUEST_MEMBER_TYPE } from '@platform/contract';
import { useT } from '../i18n/use-t';
import { sessionStore } from '../storage/web-storage';
import { ConfirmDialog } from './confirm-dialog';

/** Member `type` of a guest (free-play) account: not a real account. The contract's. */
export const GUEST_ACCOUNT_TYPE: number = GUEST_MEMBER_TYPE;

let noticeOpen = false;

function RealAccountNotice({ onClose }: { onClose: () => void }) {
  const { t } = useT();
  return (
    <ConfirmDialog open hideCancel message={t('in_need_true_account')} confirmLabel={t('in_increase_submit')} onConfirm={onClose} />
  );
}

/** 'Please Register An Account First', in a root of its own so that any app can ask for it. */
function showRealAccountNotice(): void {
  if (noticeOpen || typeof document === 'undefined') return;
  noticeOpen = true;
  const container = document.createElement('div');
  document.body.appendChild(container);
  const root = createRoot(container);
  const close = () => {
    // Unmounting from inside the root's own click handler waits for the handler to finish.
    queueMicrotask(() => {
      root.unmount();
      container.remove();
      noticeOpen = false;
    });
  };
  root.render(<RealAccountNotice onClose={close} />);
}

/**
 * Before an action that needs a real account: without a session the login popup opens;
 * a guest account (isAgent 4) is told to register. Returns whether the action may go ahead.
 */
export function requireRealAccount(eventBus: EventBus = defaultBus): boolean {
  const session = eventBus.get('session');
  if (!(session.token ?? sessionStore.get('token'))) {
    eventBus.dispatch({ type: 'openLogin', tab: 'login' });
    return false;
  }
  if ((session.isAgent ?? sessionStore.get('isAgent')) === GUEST_ACCOUNT_TYPE) {
    showRealAccountNotice();
    return false;
  }
  return true;
}

/** `requireRealAccount` for a component's handlers: `if (!requireRealAccount()) return;`. */
export function useRequireRealAccount(eventBus: EventBus = defaultBus): () => boolean {
  return useCallback(() => requireRealAccount(eventBus), [eventBus]);
}
