import {
  BrowserRouter,
  Button,
  followBusLanguage,
  followBusTheme,
  Spinner,
  ToastHost,
  useNavigate,
  useT,
} from '@platform/shared';
import { startTransition, useEffect, useState } from 'react';
import { ChatHostSlot } from '../features/chat/components/chat-slots';
import { AnalyticsSlot } from './analytics-slot';
import { AppRoutes } from './app-routes';
import { Overlays } from './overlays';
import { restoreSession, startSessionSync } from './session-sync';
import { startUp } from './start-up';
import { StatusGate } from './status-gate';
import styles from './app.module.css';

function SessionSync() {
  const navigate = useNavigate();
  useEffect(() => startSessionSync(() => navigate('/')), [navigate]);
  // Language and theme changed in another tab (or app) reach this page's strings and colours.
  useEffect(() => {
    const stops = [followBusLanguage(), followBusTheme()];
    return () => stops.forEach((stop) => stop());
  }, []);
  return null;
}

type StartState = 'loading' | 'ready' | 'failed';

function StartFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useT('shell');
  return (
    <div className={styles.startFailed} role="alert" data-testid="start-failed">
      <p>{t('start_failed')}</p>
      <Button onClick={onRetry}>{t('remote_retry')}</Button>
    </div>
  );
}

export function App() {
  const [state, setState] = useState<StartState>('loading');
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let cancelled = false;
    setState('loading');
    startUp()
      .then(() => restoreSession())
      // The whole site renders at once here: as a transition React does it in slices, yielding to
      // the browser between them, instead of one long task that blocks input.
      .then(() => !cancelled && startTransition(() => setState('ready')))
      .catch((error) => {
        console.error('[shell] start-up failed', error);
        if (!cancelled) setState('failed');
      });
    return () => {
      cancelled = true;
    };
  }, [attempt]);

  return (
    <BrowserRouter>
      <SessionSync />
      {state === 'loading' && (
        <div className={styles.loading}>
          <Spinner />
        </div>
      )}
      {state === 'failed' && <StartFailed onRetry={() => setAttempt((count) => count + 1)} />}
      {state === 'ready' && <AnalyticsSlot />}
      {state === 'ready' && (
        <StatusGate>
          <AppRoutes />
          <Overlays />
        </StatusGate>
      )}
      {/* Outside the status gate: the maintenance and restriction pages' contact button opens it too. */}
      {state === 'ready' && <ChatHostSlot />}
      <ToastHost />
    </BrowserRouter>
  );
}
