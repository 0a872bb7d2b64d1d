import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createGameApi, type GameApi } from '../api/client';
import type { SessionInfo } from '../api/types';
import { CrashPage } from '../crash/crash-page';
import { SlotPage } from '../slot/slot-page';
import { LocaleContext } from '../ui/locale';
import { ProblemBanner, problemOf, type Problem } from '../ui/problem';
import styles from '../ui/ui.module.css';
import { VerifyPage } from '../verify/verify-page';
import type { Route } from './route';

export interface AppProps {
  route: Route;
  locale: string;
  /** Tests hand in a stubbed API (the network edge); the page makes its own from the launch URL. */
  api?: GameApi;
}

export function App({ route, locale, api }: AppProps) {
  return <LocaleContext.Provider value={locale}>{route.page === 'play' ? <PlayPage route={route} api={api} /> : route.page === 'verify' ? <VerifyPage params={route.params} lang={route.lang} /> : <NotFound />}</LocaleContext.Provider>;
}

function NotFound() {
  const { t } = useTranslation();
  return (
    <main className={styles.page}>
      <p className={styles.center}>{t('common.notFound')}</p>
    </main>
  );
}

function PlayPage({ route, api: givenApi }: { route: Extract<Route, { page: 'play' }>; api?: GameApi }) {
  const { t } = useTranslation();
  const api = useMemo(() => givenApi ?? (route.session ? createGameApi(route.session, route.gameCode) : null), [givenApi, route.session, route.gameCode]);
  const [session, setSession] = useState<SessionInfo | null>(null);
  const [problem, setProblem] = useState<Problem | null>(api ? null : { kind: 'sessionExpired' });

  useEffect(() => {
    if (!api) return;
    let live = true;
    api.session().then(
      (info) => live && setSession(info),
      (error: unknown) => live && setProblem(problemOf(error)),
    );
    return () => {
      live = false;
    };
  }, [api]);

  const gameName = t(`game.${route.gameCode}`, { defaultValue: route.gameCode });
  useEffect(() => {
    document.title = gameName;
  }, [gameName]);

  if (!route.kind) return <NotFound />;
  if (problem) {
    return (
      <main className={styles.page}>
        <ProblemBanner problem={problem} />
      </main>
    );
  }
  if (!api || !session) {
    return (
      <main className={styles.page}>
        <p className={styles.center} role="status">
          {t('common.loading')}
        </p>
      </main>
    );
  }
  return route.kind === 'crash' ? (
    <CrashPage api={api} session={session} gameCode={route.gameCode} gameName={gameName} lang={route.lang} trial={route.trial || session.trial} />
  ) : (
    <SlotPage api={api} session={session} gameCode={route.gameCode} gameName={gameName} lang={route.lang} trial={route.trial || session.trial} />
  );
}
