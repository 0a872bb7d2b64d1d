import { IDLE_TIMEOUT_MS, mayCall, readStoredSession, storeSession, watchSessionEnd, type OperatorSession } from './session-store';

const session = (overrides: Partial<OperatorSession> = {}): OperatorSession => ({
  token: 'token-1',
  expiresAt: Date.now() + 8 * 3_600_000,
  operator: { id: 1, username: 'alice', merchantCode: 'DEFAULT', role: 'cashier' },
  permissions: ['GET /deposits', 'POST /deposits/:number/approve'],
  ...overrides,
});

afterEach(() => {
  jest.useRealTimers();
  window.sessionStorage.clear();
});

describe('the stored session', () => {
  it('is kept for the tab and read back until its expiry', () => {
    storeSession(session());
    expect(readStoredSession()?.operator.username).toBe('alice');
    expect(readStoredSession(window.sessionStorage, Date.now() + 9 * 3_600_000)).toBeNull();
    storeSession(null);
    expect(readStoredSession()).toBeNull();
  });

  it('reads anything damaged or of an older shape as no session', () => {
    window.sessionStorage.setItem('backoffice.session', '{not json');
    expect(readStoredSession()).toBeNull();
    window.sessionStorage.setItem('backoffice.session', JSON.stringify({ token: 'x', expiresAt: Date.now() + 1000 }));
    expect(readStoredSession()).toBeNull();
  });

  it('opens exactly the routes the server listed for the role', () => {
    expect(mayCall(session(), 'POST /deposits/:number/approve')).toBe(true);
    expect(mayCall(session(), 'POST /members/:username/adjustments')).toBe(false);
    expect(mayCall(null, 'GET /deposits')).toBe(false);
  });
});

describe('the end of a session', () => {
  it('comes after the idle time without activity, and activity puts it off', () => {
    jest.useFakeTimers();
    const onTimeout = jest.fn();
    const stop = watchSessionEnd({ expiresAt: Date.now() + 8 * 3_600_000, onTimeout });
    jest.advanceTimersByTime(IDLE_TIMEOUT_MS - 1000);
    window.dispatchEvent(new Event('keydown'));
    jest.advanceTimersByTime(IDLE_TIMEOUT_MS - 1000);
    expect(onTimeout).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1000);
    expect(onTimeout).toHaveBeenCalledTimes(1);
    expect(onTimeout).toHaveBeenCalledWith('idle');
    // Once only, and nothing more after it.
    jest.advanceTimersByTime(IDLE_TIMEOUT_MS * 2);
    expect(onTimeout).toHaveBeenCalledTimes(1);
    stop();
  });

  it("comes at the token's expiry however busy the operator is", () => {
    jest.useFakeTimers();
    const onTimeout = jest.fn();
    const stop = watchSessionEnd({ expiresAt: Date.now() + 60_000, idleMs: 50_000, onTimeout });
    for (let second = 0; second < 60; second += 10) {
      jest.advanceTimersByTime(10_000);
      window.dispatchEvent(new Event('pointerdown'));
    }
    expect(onTimeout).toHaveBeenCalledWith('expired');
    stop();
  });
});
