import { bus, sessionStore } from '@platform/shared';
import { apiFailure, makeMember, recordCommands, stubApi } from '@platform/shared/testing';
import { POPUP_SHOWN_KEY } from '../features/announcements/hooks/use-announcement-popup';
import { restoreSession, startSessionSync } from './session-sync';

// App start after a reload: the sync is mounted first, with the bus still at
// its initial empty session, and the token the tab stored must survive until it is resumed.

let stop: () => void = () => undefined;
afterEach(() => stop());

describe('session sync at app start', () => {
  it('keeps a stored token past the bus\'s initial empty session and resumes the member behind it', async () => {
    sessionStore.set('token', 'reloaded-token');
    sessionStore.set('isAgent', 0);
    const member = makeMember({ account: 'player01' });
    const { callsOf } = stubApi({ memberInfo: member });
    const navigateHome = jest.fn();

    expect(bus.get('session').token).toBeNull();
    stop = startSessionSync(navigateHome);
    expect(sessionStore.get('token')).toBe('reloaded-token');

    await restoreSession();

    expect(callsOf('memberInfo')).toHaveLength(1);
    expect(sessionStore.get('token')).toBe('reloaded-token');
    expect(bus.get('session')).toEqual({ token: 'reloaded-token', member, isAgent: 0 });
    expect(navigateHome).not.toHaveBeenCalled();
  });

  it('ends a stored token the server no longer knows: storage cleared, empty session, home', async () => {
    sessionStore.set('token', 'dead-token');
    sessionStore.set('merchantCode', 'M1');
    // What the real API client does on the 401: it reports the failure and asks for the logout.
    stubApi({
      memberInfo: () => {
        bus.dispatch({ type: 'logout' });
        return apiFailure('session.expired', 'Please log in again', null, 401);
      },
    });
    const navigateHome = jest.fn();
    const { commands, stop: stopRecording } = recordCommands('logout');
    stop = startSessionSync(navigateHome);

    await restoreSession();
    stopRecording();

    expect(commands).toEqual([{ type: 'logout' }]);
    expect(sessionStore.get('token')).toBeNull();
    // The merchant the brand wrote at boot stays for the next request.
    expect(sessionStore.get('merchantCode')).toBe('M1');
    expect(bus.get('session')).toEqual({ token: null, member: null, isAgent: null });
    expect(navigateHome).toHaveBeenCalledTimes(1);
  });

  it('still mirrors another tab\'s login and logout into this tab\'s storage', () => {
    stop = startSessionSync(() => undefined);
    bus.set('session', { token: 'other-tab', member: null, isAgent: 1 });
    expect(sessionStore.get('token')).toBe('other-tab');
    expect(sessionStore.get('isAgent')).toBe(1);
    bus.set('session', { token: null, member: null, isAgent: null });
    expect(sessionStore.get('token')).toBeNull();
  });
});

describe('session sync at logout', () => {
  it('empties the tab session but remembers the popup announcements this tab offered', () => {
    stop = startSessionSync(() => undefined);
    bus.set('session', { token: 'tok', member: null, isAgent: 0 });
    window.sessionStorage.setItem(POPUP_SHOWN_KEY, 'out:EN,in:EN');
    bus.dispatch({ type: 'logout' });
    expect(sessionStore.get('token')).toBeNull();
    // Logging in again in this tab offers nothing already offered (use-announcement-popup.ts).
    expect(window.sessionStorage.getItem(POPUP_SHOWN_KEY)).toBe('out:EN,in:EN');
  });
});
