import { useCallback, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import type { ToastLevel } from '../bus/bus-types';
import { bus as defaultBus, type EventBus } from '../bus/event-bus';
import { useT } from '../i18n/use-t';
import { classNames } from './class-names';
import { IconButton } from './icon-button';
import styles from './toast-host.module.css';

export const TOAST_DURATION_MS = 4000;
/** Older toasts give way when more arrive at once. */
const MAX_TOASTS = 4;

interface Toast {
  id: number;
  level: ToastLevel;
  message: string;
}

export interface ToastHostProps {
  bus?: EventBus;
  durationMs?: number;
}

/**
 * Shows the bus's `toast` commands, whichever app sent them, and dismisses each after a while.
 * The same message arriving again (ten calls failing on one network error) restarts its timer
 * instead of stacking up. Render it once, in the shell.
 */
export function ToastHost({ bus = defaultBus, durationMs = TOAST_DURATION_MS }: ToastHostProps) {
  const { t } = useT();
  const [toasts, setToasts] = useState<Toast[]>([]);
  const shown = useRef<Toast[]>([]);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());
  const nextId = useRef(1);

  const show = useCallback((next: Toast[]) => {
    shown.current = next;
    setToasts(next);
  }, []);

  const dismiss = useCallback(
    (id: number) => {
      clearTimeout(timers.current.get(id));
      timers.current.delete(id);
      show(shown.current.filter((toast) => toast.id !== id));
    },
    [show],
  );

  useEffect(() => {
    const activeTimers = timers.current;
    const schedule = (id: number) => {
      clearTimeout(activeTimers.get(id));
      activeTimers.set(id, setTimeout(() => dismiss(id), durationMs));
    };
    const subscription = bus.on('toast').subscribe(({ message, level }) => {
      if (!message) return;
      const current = shown.current;
      const same = current.find((toast) => toast.message === message && toast.level === level);
      if (same) {
        schedule(same.id);
        return;
      }
      const toast = { id: nextId.current++, message, level };
      const kept = current.slice(-(MAX_TOASTS - 1));
      for (const dropped of current.slice(0, current.length - kept.length)) {
        clearTimeout(activeTimers.get(dropped.id));
        activeTimers.delete(dropped.id);
      }
      schedule(toast.id);
      show([...kept, toast]);
    });
    return () => {
      subscription.unsubscribe();
      for (const timer of activeTimers.values()) clearTimeout(timer);
      activeTimers.clear();
    };
  }, [bus, durationMs, dismiss, show]);

  if (typeof document === 'undefined') return null;
  return createPortal(
    <div className={styles.host} aria-label={t('notifications')} role="region">
      {toasts.map((toast) => (
        <div
          key={toast.id}
          role={toast.level === 'error' || toast.level === 'warning' ? 'alert' : 'status'}
          className={classNames(styles.toast, styles[toast.level])}
        >
          <span className={styles.message}>{toast.message}</span>
          <IconButton label={t('dismiss')} icon="✕" size="sm" className={styles.dismiss} onClick={() => dismiss(toast.id)} />
        </div>
      ))}
    </div>,
    document.body,
  );
}
