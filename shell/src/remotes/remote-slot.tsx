import { Spinner } from '@platform/shared';
import type { ExposedModuleName, PropsOf } from '@platform/remote-types';
import { Suspense, lazy, useMemo, useState, type ComponentType } from 'react';
import { loadRemoteComponent } from './load-remote-module';
import { RemoteErrorBoundary } from './remote-error-boundary';
import type { RemoteName } from './remote-names';
import { resetRemote } from './remote-registry';
import { RemoteUnavailablePanel } from './remote-unavailable-panel';
import styles from './remote-slot.module.css';

interface RemoteSlotProps<R extends RemoteName, M extends ExposedModuleName<R>> {
  remote: R;
  /** The exposed module, e.g. './HomePage'. */
  module: M;
  /** What the interface (@platform/remote-types) says the module is placed with. */
  props: PropsOf<R, M>;
  compact?: boolean;
}

/**
 * Places one exposed component of a remote. While it loads: a spinner. If the remote is down,
 * answers 404, times out or throws: a small "temporarily unavailable" panel with a retry button,
 * and the rest of the site keeps working.
 */
export function RemoteSlot<R extends RemoteName, M extends ExposedModuleName<R>>({ remote, module, props, compact }: RemoteSlotProps<R, M>) {
  const [attempt, setAttempt] = useState(0);
  // A new lazy component per attempt: React caches a failed import forever.
  const Remote = useMemo(
    () => lazy(() => loadRemoteComponent(remote, module)) as unknown as ComponentType<PropsOf<R, M>>,
    [remote, module, attempt],
  );
  const retry = () => {
    resetRemote(remote);
    setAttempt((count) => count + 1);
  };
  return (
    <RemoteErrorBoundary key={attempt} fallback={() => <RemoteUnavailablePanel onRetry={retry} compact={compact} />}>
      <Suspense
        fallback={
          compact ? (
            <Spinner />
          ) : (
            <div className={styles.page} data-testid="remote-page-loading">
              <Spinner />
            </div>
          )
        }
      >
        <div data-remote-slot={remote} className={compact ? styles.compact : styles.page}>
          <Remote {...props} />
        </div>
      </Suspense>
    </RemoteErrorBoundary>
  );
}
