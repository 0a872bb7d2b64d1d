import { bus, clearSession, resumeSession, sessionStore } from '@platform/shared';
import { skip } from 'rxjs';
import { keepingPopupOffers } from '../features/announcements/hooks/use-announcement-popup';

/** This tab's session storage emptied (merchant values kept), and the popups it offered remembered. */
const endTabSession = (): void => keepingPopupOffers(clearSession);

/**
 * Keeps the bus session and this tab's session storage in step, and ends the session when any
 * app asks (the `logout` command, also sent by the API client on a 401): session storage is
 * cleared with the merchant values kept, then home.
 *
 * Only changes of the bus session are mirrored, never the value it holds when the sync starts:
 * at app start that is the bus's initial empty session, and taking it for a logout would clear
 * the token a reload left in storage before `restoreSession` could resume it.
 */
export function startSessionSync(navigateHome: () => void): () => void {
  const subscriptions = [
    // session$ replays its current value on subscription: skip it, it is no change.
    bus.session$.pipe(skip(1)).subscribe(({ token, isAgent }) => {
      // Another tab may have logged in or out: mirror it into this tab's storage.
      if (token) {
        sessionStore.set('token', token);
        if (isAgent !== null) sessionStore.set('isAgent', isAgent);
      } else if (sessionStore.get('token')) {
        endTabSession();
      }
    }),
    bus.on('logout').subscribe(() => {
      endTabSession();
      // The balance service forgets the balance with the session.
      bus.set('session', { token: null, member: null, isAgent: null });
      navigateHome();
    }),
  ];
  return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
}

/** App start: a token left in this tab's session loads the member behind it. */
export async function restoreSession(): Promise<void> {
  // The API client has already ended a session the server no longer knows.
  await resumeSession();
}
