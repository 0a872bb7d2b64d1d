import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createOpsClient } from '../api/ops-client';
import { SignInPage } from '../features/sign-in/sign-in-page';
import { mayCall, readStoredSession, storeSession, watchSessionEnd, type OperatorSession } from '../session/session-store';
import { Layout } from './layout';
import { BackOfficeContext, type BackOffice } from './session-context';

/** Signed in: the sections; otherwise (never signed in, signed out, expired, idle): the sign-in page. */
export function App() {
  const { t, i18n } = useTranslation();
  const [session, setSession] = useState<OperatorSession | null>(() => readStoredSession());
  const [notice, setNotice] = useState<string | null>(null);

  const end = useCallback((reason: 'signedOut' | 'idle' | 'expired') => {
    storeSession(null);
    setSession(null);
    setNotice(reason === 'signedOut' ? null : t(`session.${reason}`));
  }, [t]);

  const api = useMemo(
    () => createOpsClient({ token: () => session?.token ?? null, language: () => i18n.language, onSessionEnded: () => end('expired') }),
    [session, i18n, end],
  );

  useEffect(() => {
    if (!session) return undefined;
    return watchSessionEnd({
      expiresAt: session.expiresAt,
      onTimeout: (reason) => {
        // The token stops working on the server too (an idle desk), then the page forgets it.
        void api.delete('/session').catch(() => undefined);
        end(reason);
      },
    });
  }, [session, api, end]);

  const value = useMemo<BackOffice | null>(
    () =>
      session && {
        session,
        api,
        may: (route) => mayCall(session, route),
        signOut: () => {
          void api.delete('/session').catch(() => undefined);
          end('signedOut');
        },
      },
    [session, api, end],
  );

  if (!value) {
    return (
      <SignInPage
        notice={notice}
        onSignedIn={(signedIn) => {
          storeSession(signedIn);
          setNotice(null);
          setSession(signedIn);
        }}
      />
    );
  }
  return (
    <BackOfficeContext.Provider value={value}>
      <Layout />
    </BackOfficeContext.Provider>
  );
}
