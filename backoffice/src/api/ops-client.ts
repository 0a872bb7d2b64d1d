// The back office's calls to the operator API (/ops/v1, the same origin): the operator's token in
// the Authorization header, answers in the API's envelope ({success, value, errorCode, message}).
// A 401 means the session is over (expired, signed out elsewhere, revoked): the client says so
// once through onSessionEnded, and the app goes back to the sign-in page.

export const OPS_API_PREFIX = '/ops/v1';

/** A refusal or failure, with the server's words (already in the operator's language). */
export class OpsError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly errorCode: string | null,
  ) {
    super(message);
    this.name = 'OpsError';
  }
}

interface Envelope<T> {
  success: boolean;
  value: T;
  errorCode?: string | null;
  message?: string | null;
}

export type Query = Record<string, string | number | boolean | null | undefined>;

export interface OpsClient {
  get<T>(path: string, query?: Query): Promise<T>;
  /** With `idempotencyKey`: a retry of the same key is the same action (adjustments require one). */
  post<T>(path: string, body?: unknown, options?: { idempotencyKey?: string }): Promise<T>;
  put<T>(path: string, body?: unknown): Promise<T>;
  delete<T>(path: string): Promise<T>;
  /** A file the API answers (e.g. a CSV export), as a Blob. */
  download(path: string, query?: Query): Promise<Blob>;
}

export interface OpsClientOptions {
  token: () => string | null;
  /** The operator's language for the server's messages (EN or CN). */
  language: () => string;
  onSessionEnded: () => void;
  fetch?: typeof fetch;
}

/** A new key for one action the operator means once (kept for its retries). */
export const newIdempotencyKey = (): string => `bo-${crypto.randomUUID()}`;

export function queryString(query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}

export function createOpsClient({ token, language, onSessionEnded, fetch: fetchImpl }: OpsClientOptions): OpsClient {
  const send = async (method: string, path: string, { body, query, idempotencyKey }: { body?: unknown; query?: Query; idempotencyKey?: string } = {}): Promise<Response> => {
    const headers: Record<string, string> = { Accept: 'application/json', language: language() };
    if (idempotencyKey) headers['Idempotency-Key'] = idempotencyKey;
    const current = token();
    if (current) headers.Authorization = `Bearer ${current}`;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    let response: Response;
    try {
      response = await (fetchImpl ?? fetch)(`${OPS_API_PREFIX}${path}${queryString(query)}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), cache: 'no-store' });
    } catch {
      throw new OpsError('The server cannot be reached. Check the connection and try again.', 0, 'network');
    }
    if (response.status === 401 && current) onSessionEnded();
    return response;
  };
  const json = async <T>(response: Response): Promise<T> => {
    let envelope: Envelope<T> | null = null;
    try {
      envelope = (await response.json()) as Envelope<T>;
    } catch {
      // Not JSON: a proxy's page, say. Reported below with the status.
    }
    if (!envelope || !response.ok || envelope.success === false) {
      throw new OpsError(envelope?.message || `The server answered ${response.status}.`, response.status, envelope?.errorCode ?? null);
    }
    return envelope.value;
  };
  return {
    get: async (path, query) => json(await send('GET', path, { query })),
    post: async (path, body, options) => json(await send('POST', path, { body: body ?? {}, idempotencyKey: options?.idempotencyKey })),
    put: async (path, body) => json(await send('PUT', path, { body: body ?? {} })),
    delete: async (path) => json(await send('DELETE', path)),
    download: async (path, query) => {
      const response = await send('GET', path, { query });
      if (!response.ok) return json(response);
      return response.blob();
    },
  };
}
