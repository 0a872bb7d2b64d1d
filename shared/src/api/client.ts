import { distinctUntilChanged, skip } from 'rxjs';
import { bus as defaultBus, type EventBus } from '../bus/event-bus';
import { translateCommon } from '../i18n/i18n-instance';
import { localStore, getMerchantCode, sessionStore } from '../storage/web-storage';
import {
  rsaKeyCall,
  type CachedCall,
  type CallDefinition,
  type Envelope,
  type MaintenanceRefusal,
  type QueryOf,
  type RegionRefusal,
  type RequestOf,
  type SystemStatus,
  type ValueOf,
} from '@platform/contract';
import type { ErrorCode } from '@platform/contract';
import { ApiError, CLIENT_ERROR_CODES } from './api-error';
import { createRsaKeyCache, encryptPayload } from './encryption';

export const REQUEST_TIMEOUT_MS = 20_000;

/**
 * Error codes meaning the session is gone (as on the legacy API): the player is logged out.
 * password.change.required: the session may only change its password (a first-time, expired or
 * default password). The login form already asks for the change before such a session becomes the
 * tab's; meeting it on the tab's session, the player is logged out with the server's message and
 * the next login shows the change-password form.
 */
export const SESSION_ENDED_CODES: ReadonlySet<string> = new Set<ErrorCode>([
  'user.or.token.invalid',
  'login.not.session',
  'CUSTOMER_NOT_LOGIN',
  'token_ip_different',
  'password.change.required',
]);

/** Error codes the caller handles itself: no toast. */
export const CALLER_HANDLED_CODES: ReadonlySet<string> = new Set<ErrorCode>([
  'merchant.acct.setup.err',
  'login_verify_required',
  'TOO_MANY_REQUEST',
  'TOO_MANY_REQUESTS',
  'bind_customer_required',
  // The forms answer a bot check the server demands unannounced, and resend (mfe-auth bot-check).
  'botcheck.required',
]);

/**
 * Error codes meaning the site is closed to this visitor: under maintenance, or their region is
 * restricted (the server refuses every route but the status and what its pages need). The root
 * view turns to the maintenance or IP-restriction page, as a status with the flag would.
 */
export const SITE_CLOSED_CODES: ReadonlySet<string> = new Set<ErrorCode>(['system_under_maintenance', 'region_restricted']);

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** The system status as the refusal describes it: what the shell's status gate shows from then on. */
export function statusClosedBy(status: SystemStatus, failure: ApiError): SystemStatus {
  if (failure.errorCode === 'system_under_maintenance') {
    const window = (failure.value as Partial<MaintenanceRefusal> | null)?.content?.data;
    return { ...status, maintenance: true, maintenanceEnd: isNumber(window?.endTime) ? window.endTime : null };
  }
  const visitor = (failure.value as Partial<RegionRefusal> | null) ?? {};
  return {
    ...status,
    regionRestriction: true,
    location: {
      ip: typeof visitor.ip === 'string' ? visitor.ip : status.location.ip,
      country: typeof visitor.country === 'string' ? visitor.country : null,
    },
  };
}

/**
 * Whether the client deals with a failure itself: a toast, the login popup,
 * a forced logout, or nothing to say (a cancelled call). A form shows the server's message only
 * when this is false: for quiet calls and the codes callers handle.
 */
export function isHandledByClient(failure: ApiError): boolean {
  if (failure.errorCode === CLIENT_ERROR_CODES.canceled) return true;
  // A token call without a session has already opened the login popup.
  if (failure.errorCode === CLIENT_ERROR_CODES.notLoggedIn && failure.status === 0) return true;
  // The whole page turns to the maintenance or restriction page, whichever call met it.
  if (SITE_CLOSED_CODES.has(failure.errorCode)) return true;
  if (failure.quiet) return false;
  if (failure.status === 401 || SESSION_ENDED_CODES.has(failure.errorCode)) return true;
  return !CALLER_HANDLED_CODES.has(failure.errorCode);
}

/**
 * The server could not decrypt the body (its key changed) or found it stale (this device's clock
 * moved since the key and the server's time were fetched): fetch both again and retry once, with
 * a fresh nonce.
 */
const RESEAL_ERROR_CODES: ReadonlySet<string> = new Set<ErrorCode>(['request.decrypt.err', 'request.replay.err']);

/** How one call is sent: its query and body are typed by the call's row. */
export interface CallOptions<C extends CallDefinition = CallDefinition> {
  params?: QueryOf<C>;
  data?: RequestOf<C>;
  /** Extra or replacing headers; `false` removes a header the client would send. */
  headers?: Record<string, string | false>;
  signal?: AbortSignal;
}

/** What the client itself reads of the options, whatever the call. */
interface SendOptions {
  params?: unknown;
  data?: unknown;
  headers?: Record<string, string | false>;
  signal?: AbortSignal;
}

export interface ApiClient {
  /**
   * Sends one call and resolves to the envelope's `value`. The caller passes the contract row it
   * was built with (`api.call(loginCall, { data })`): the client keeps no table of calls.
   */
  call<C extends CallDefinition>(call: C, options?: CallOptions<C>): Promise<ValueOf<C>>;
  /** A GET its row marks cached, answered once per language, merchant and parameters. */
  cached<C extends CachedCall>(call: C, params?: QueryOf<C>): Promise<ValueOf<C>>;
  clearCache(): void;
  /**
   * The headers a call of `definition` carries (token, merchant, language, device, module), for a
   * request the client does not send itself: the balance's event stream, read with fetch. (5.0.0)
   */
  headersFor(definition: CallDefinition, token?: string | null): Record<string, string>;
  /** Stops following the bus (tests, hot reload). */
  dispose(): void;
}

export interface ApiClientOptions {
  bus?: EventBus;
  /** Origin of the API; the page's own origin when absent. */
  baseURL?: string;
  /** How long a call may take, its answer read in full, before it fails as a timeout. */
  timeoutMs?: number;
  /**
   * The network edge: the page's `fetch`, read at each call; replaceable in tests of apps that
   * cannot reach a server. (5.8.0)
   */
  fetch?: typeof fetch;
}

function isEnvelope(data: unknown): data is Envelope<unknown> {
  return typeof data === 'object' && data !== null && typeof (data as Envelope<unknown>).success === 'boolean';
}

/** `types=B&types=PL` for an array, as the server's query parser reads repeated keys; no undefined or null. */
function toQuery(params: unknown): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries((params ?? {}) as Record<string, unknown>)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== undefined && item !== null) query.append(key, String(item));
    }
  }
  return query.toString();
}

function toFormBody(data: unknown): string {
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries((data ?? {}) as Record<string, unknown>)) {
    if (value !== undefined && value !== null) form.append(key, String(value));
  }
  return form.toString();
}

/** Same parameters in another order are the same cache entry. */
function stableKey(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableKey).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, entry]) => entry !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, entry]) => `${JSON.stringify(key)}:${stableKey(entry)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'undefined';
}

function toApiError(error: unknown, call: CallDefinition): ApiError {
  if (error instanceof ApiError) return error;
  return new ApiError({ status: 0, errorCode: CLIENT_ERROR_CODES.client, message: translateCommon('unknown_error'), call });
}

/** The body as JSON, or null when it is none (empty, HTML from a proxy, cut short). */
function parseBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function unwrap(status: number, statusText: string, body: unknown, call: CallDefinition): unknown {
  const envelope = isEnvelope(body) ? body : null;
  if (status < 200 || status > 299) {
    const fallback = status === 504 ? translateCommon('timeout_error') : statusText || translateCommon('unknown_error');
    throw new ApiError({
      status,
      errorCode: envelope?.errorCode || `http.${status}`,
      message: envelope?.message || envelope?.errorCode || fallback,
      value: envelope?.value ?? null,
      call,
    });
  }
  if (!envelope) {
    throw new ApiError({ status, errorCode: CLIENT_ERROR_CODES.invalidResponse, message: translateCommon('unknown_error'), call });
  }
  if (!envelope.success) {
    throw new ApiError({
      status,
      errorCode: envelope.errorCode || 'request.failed',
      message: envelope.message || envelope.errorCode || translateCommon('unknown_error'),
      value: envelope.value,
      call,
    });
  }
  return envelope.value;
}

/** A random UUID (v4 layout) from the browser's CSPRNG. */
function randomDeviceId(): string {
  if (typeof globalThis.crypto?.randomUUID === 'function') return globalThis.crypto.randomUUID();
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Only what the server accepts as a device id (16-64 letters, digits, '-' and '_'). */
const DEVICE_ID_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;
let pageDeviceId: string | null = null;

/**
 * This browser's id (`Device-Id` header): made once and kept in localStorage, so the server can
 * count registrations per browser as well as per address. Without storage it lasts the page.
 */
export function deviceId(): string {
  const stored = localStore.get('deviceId');
  if (stored && DEVICE_ID_PATTERN.test(stored)) return stored;
  pageDeviceId ??= randomDeviceId();
  localStore.set('deviceId', pageDeviceId);
  return pageDeviceId;
}

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const eventBus = options.bus ?? defaultBus;
  const baseURL = (options.baseURL ?? '').replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;

  const sessionToken = (): string | null => sessionStore.get('token') ?? eventBus.get('session').token;
  const language = (): string => localStore.get('hisLang') ?? eventBus.get('language');

  const rsaKeys = createRsaKeyCache(() => execute(rsaKeyCall, { headers: { 'Cache-Control': 'no-cache' } }) as Promise<ValueOf<typeof rsaKeyCall>>);
  /** The token a logout was already asked for: parallel calls failing with it ask only once. */
  let endedToken: string | null = null;

  function headersFor(definition: CallDefinition, token: string | null = sessionToken()): Record<string, string> {
    const headers: Record<string, string> = { 'X-Gateway-Version': '3', Language: language(), Device: 'web', 'Device-Id': deviceId(), ModuleId: definition.moduleId };
    if (token) headers.Authorization = token;
    const merchantCode = getMerchantCode();
    if (merchantCode) headers.Merchant = merchantCode;
    return headers;
  }

  /**
   * One exchange with the server: the status and the parsed body, or an ApiError for no answer.
   * The timeout covers reading the body too; the caller's abort is `canceled`, which is never
   * reported.
   */
  async function exchange(url: string, init: RequestInit, definition: CallDefinition, signal?: AbortSignal): Promise<{ status: number; statusText: string; body: unknown }> {
    const controller = new AbortController();
    const cancel = () => controller.abort();
    const timer = setTimeout(cancel, timeoutMs);
    if (signal?.aborted) cancel();
    else signal?.addEventListener('abort', cancel);
    // Read at each call: the page's fetch, or the one a test put there after this client was made.
    const request = options.fetch ?? globalThis.fetch;
    try {
      const response = await request(url, { ...init, credentials: 'include', signal: controller.signal });
      return { status: response.status, statusText: response.statusText, body: parseBody(await response.text()) };
    } catch {
      if (signal?.aborted) throw new ApiError({ status: 0, errorCode: CLIENT_ERROR_CODES.canceled, message: 'canceled', call: definition });
      if (controller.signal.aborted) throw new ApiError({ status: 0, errorCode: CLIENT_ERROR_CODES.timeout, message: translateCommon('timeout_error'), call: definition });
      throw new ApiError({ status: 0, errorCode: CLIENT_ERROR_CODES.network, message: translateCommon('network_error'), call: definition });
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', cancel);
    }
  }

  async function send(definition: CallDefinition, callOptions: SendOptions, token: string | null): Promise<unknown> {
    const headers = new Headers({ ...headersFor(definition, token), Accept: 'application/json' });

    let body: string | undefined;
    if (definition.method !== 'GET') {
      if (definition.encrypted) {
        const serverKey = await rsaKeys.get();
        const sealed = await encryptPayload(callOptions.data ?? {}, serverKey.publicKey, { serverNowMs: Date.now() + serverKey.clockOffsetMs });
        body = JSON.stringify(sealed.body);
        headers.set('Content-Type', 'application/json');
        headers.set('Encryption', sealed.encryptionHeader);
      } else if (definition.form) {
        body = toFormBody(callOptions.data);
        headers.set('Content-Type', 'application/x-www-form-urlencoded');
      } else if (callOptions.data !== undefined) {
        body = JSON.stringify(callOptions.data);
        headers.set('Content-Type', 'application/json');
      }
    }
    for (const [header, value] of Object.entries(callOptions.headers ?? {})) {
      if (value === false) headers.delete(header);
      else headers.set(header, value);
    }

    const query = toQuery(callOptions.params);
    const url = `${baseURL}${definition.path}${query ? `?${query}` : ''}`;
    const answer = await exchange(url, { method: definition.method, headers, body }, definition, callOptions.signal);
    return unwrap(answer.status, answer.statusText, answer.body, definition);
  }

  /** One call, without telling the player about failures. */
  async function execute(definition: CallDefinition, callOptions: SendOptions = {}, token = sessionToken()): Promise<unknown> {
    try {
      return await send(definition, callOptions, token);
    } catch (error) {
      const failure = toApiError(error, definition);
      if (definition.encrypted && failure.status === 400 && RESEAL_ERROR_CODES.has(failure.errorCode)) {
        rsaKeys.invalidate();
        try {
          return await send(definition, callOptions, token);
        } catch (retryError) {
          throw toApiError(retryError, definition);
        }
      }
      throw failure;
    }
  }

  /** What the player sees of a failure (its rules checked in the legacy client's order). */
  function report(failure: ApiError, token: string | null): void {
    if (failure.errorCode === CLIENT_ERROR_CODES.canceled || !isHandledByClient(failure)) return;
    if (SITE_CLOSED_CODES.has(failure.errorCode)) {
      const { status } = eventBus.get('settings');
      if (status) {
        eventBus.set('settings', { status: statusClosedBy(status, failure) });
        return;
      }
      // Before the status is known there is no page to turn to: say it.
      eventBus.dispatch({ type: 'toast', level: 'error', message: failure.message });
      return;
    }
    if (failure.status === 401 || SESSION_ENDED_CODES.has(failure.errorCode)) {
      if (token !== null && token === endedToken) return;
      endedToken = token;
      eventBus.dispatch({ type: 'toast', level: 'warning', message: failure.message });
      eventBus.dispatch({ type: 'logout' });
      return;
    }
    eventBus.dispatch({ type: 'toast', level: 'error', message: failure.message });
  }

  async function call(definition: CallDefinition, callOptions: SendOptions = {}): Promise<unknown> {
    // A caller may name the token itself: the forced password change runs before the login's
    // token becomes the tab's session (as the legacy page changePassword does).
    const explicitToken = Object.entries(callOptions.headers ?? {}).find(([header]) => header.toLowerCase() === 'authorization')?.[1];
    const token = typeof explicitToken === 'string' && explicitToken ? explicitToken : sessionToken();
    if (definition.token && !token) {
      eventBus.dispatch({ type: 'openLogin', tab: 'login' });
      throw new ApiError({
        status: 0,
        errorCode: CLIENT_ERROR_CODES.notLoggedIn,
        message: translateCommon('login_required'),
        call: definition,
      });
    }
    try {
      return await execute(definition, callOptions, token);
    } catch (error) {
      const failure = toApiError(error, definition);
      report(failure, token);
      throw failure;
    }
  }

  const cache = new Map<string, Promise<unknown>>();
  const languageSubscription = eventBus.language$.pipe(distinctUntilChanged(), skip(1)).subscribe(() => cache.clear());

  function cached(definition: CachedCall, params?: unknown): Promise<unknown> {
    // Keyed by method and path, not by name: two apps' copies of one row share an entry.
    const key = stableKey([language(), getMerchantCode(), definition.method, definition.path, params ?? {}]);
    let entry = cache.get(key);
    if (!entry) {
      entry = call(definition, { params });
      cache.set(key, entry);
      entry.catch(() => {
        if (cache.get(key) === entry) cache.delete(key);
      });
    }
    return entry;
  }

  return {
    call: call as ApiClient['call'],
    cached: cached as ApiClient['cached'],
    clearCache: () => cache.clear(),
    headersFor,
    dispose: () => languageSubscription.unsubscribe(),
  };
}

/** The page's API client, talking to the site's own origin. */
export const api: ApiClient = createApiClient();
