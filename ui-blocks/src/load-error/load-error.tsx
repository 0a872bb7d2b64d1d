import { Button, useT } from '@platform/shared';
import type { ReactNode } from 'react';
import styles from './load-error.module.css';

export interface LoadErrorProps {
  /** What could not be loaded, in the page's own words ("Your wallets could not be loaded"). */
  title: ReactNode;
  /**
   * The failure, when its reason is worth showing: an ApiError's message is the server's reason
   * (or the client's, for no answer) in the player's language, shown under the title.
   */
  error?: { message: string } | null;
  /** Asks again (a `useCall` or `usePagedList` result's `refresh`, a new lazy chunk). */
  onRetry: () => void;
  /** A retry under way: the button shows it and takes no second press. */
  busy?: boolean;
  /**
   * `page` (the default): in place of a page's or a tab's content. `compact`: where room is short
   * (a panel, a list inside a page, a dialog, a page's slot): less space, a small button.
   * `inline`: one line, the text then the button (a part of a screen).
   */
  variant?: 'page' | 'compact' | 'inline';
  testId?: string;
  /** On the retry button. */
  retryTestId?: string;
  /** A frame of the caller's (a border, a height) around the block. */
  className?: string;
}

/**
 * "Could not load" with a retry, where loaded content would be. Announced as an alert, as it
 * replaces what the player was waiting for. No string of its own (the button says the common
 * `retry`): the blocks' strings come as their seven translation sets at once, which a page that
 * shows no other block (a game category, the shell's first load) would carry for this one line.
 */
export function LoadError({ title, error, onRetry, busy = false, variant = 'page', testId, retryTestId, className }: LoadErrorProps) {
  const common = useT().t;
  const reason = error?.message && error.message !== title ? error.message : null;
  const classes = [styles.loadError, styles[variant], className].filter(Boolean).join(' ');
  return (
    <div role="alert" className={classes} data-testid={testId} data-variant={variant}>
      <p className={styles.title}>{title}</p>
      {reason && <p className={styles.reason}>{reason}</p>}
      <Button variant="secondary" size={variant === 'page' ? 'md' : 'sm'} loading={busy} onClick={onRetry} data-testid={retryTestId}>
        {common('retry')}
      </Button>
    </div>
  );
}
