// The signed-in operator, kept for the browser tab (sessionStorage: a new tab signs in again, and
// nothing outlives the browser). The server decides: the token expires there, and every call is
// checked against the operator's role again whatever the page shows.
//
// Besides the token's own expiry, a session left idle ends: no click, key or call for
// IDLE_TIMEOUT_MS signs the operator out (a cashier's desk left open).

export interface OperatorIdentity {
  id: number;
  username: string;
  merchantCode: string;
  role: string;
}

export interface OperatorSession {
  token: string;
  /** Epoch ms: the server's expiry of the token. */
  expiresAt: number;
  operator: OperatorIdentity;
  /** The operator API routes ("GET /deposits") this operator's role may call: what the sections show. */
  permissions: string[];
}

/** No activity for this long signs the operator out. */
export const IDLE_TIMEOUT_MS = 30 * 60_000;

const STORAGE_KEY = 'backoffice.session';

export function readStoredSession(storage: Storage = window.sessionStorage, nowMs = Date.now()): OperatorSession | null {
  try {
    const raw = storage.getItem(STORAGE_KEY);
    if (!raw) return null;
    const session = JSON.parse(raw) as OperatorSession;
    if (typeof session.token !== 'string' || typeof session.expiresAt !== 'number' || session.expiresAt <= nowMs || !Array.isArray(session.permissions)) return null;
    return session;
  } catch {
    return null;
  }
}

export function storeSession(session: OperatorSession | null, storage: Storage = window.sessionStorage): void {
  if (session) storage.setItem(STORAGE_KEY, JSON.stringify(session));
  else storage.removeItem(STORAGE_KEY);
}

/** Whether the session's role may call `route` ("POST /deposits/:number/approve"). */
export const mayCall = (session: Pick<OperatorSession, 'permissions'> | null, route: string): boolean => !!session && session.permissions.includes(route);

/**
 * Calls `onTimeout` once when the page has seen no activity for `idleMs`, or when the token's
 * expiry passes; answers the function that stops watching.
 */
export function watchSessionEnd({ expiresAt, idleMs = IDLE_TIMEOUT_MS, onTimeout, target = window }: { expiresAt: number; idleMs?: number; onTimeout: (reason: 'idle' | 'expired') => void; target?: Window }): () => void {
  let idleTimer: ReturnType<typeof setTimeout>;
  let ended = false;
  const end = (reason: 'idle' | 'expired') => {
    if (ended) return;
    ended = true;
    stop();
    onTimeout(reason);
  };
  const restart = () => {
    clearTimeout(idleTimer);
    idleTimer = setTimeout(() => end('idle'), idleMs);
  };
  const expiryTimer = setTimeout(() => end('expired'), Math.max(0, Math.min(expiresAt - Date.now(), 2 ** 31 - 1)));
  const events = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;
  for (const event of events) target.addEventListener(event, restart, { passive: true });
  restart();
  function stop() {
    clearTimeout(idleTimer);
    clearTimeout(expiryTimer);
    for (const event of events) target.removeEventListener(event, restart);
  }
  return stop;
}
