import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyServerOptions } from 'fastify';

// What the request log may say about a request. Query strings carry one-time secrets (the e-mailed
// ?resetToken=, a social login's ?code=&state= and ?oauthCode=), so their values are replaced
// before a line is written, in the request's URL and in any error text quoting it; headers are
// never serialised, and the ones that carry credentials are
// redacted wherever a line includes them. A caller's X-Request-Id is kept only when it is a plain
// identifier, so nobody can write newlines, JSON or kilobytes into every line of a request.

export const REDACTED = '[REDACTED]';

/** Query parameters whose values are secrets (compared lower-case), plus any name matching the pattern. */
const SECRET_QUERY_PARAMETERS = new Set([
  'code',
  'state',
  'oauthcode',
  'resettoken',
  'token',
  'access_token',
  'id_token',
  'refresh_token',
  // A game session (the launch URL of a game: /jl/play/<game>?session=…, /jl/v1/…?session=…).
  'session',
  'password',
  'otp',
  'verificationcode',
  'captcha',
  'nonce',
  'key',
  'apikey',
  'api_key',
  'sig',
  'signature',
]);
const SECRET_QUERY_PATTERN = /token|secret|passw|signature|credential/i;

function decodedName(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return raw;
  }
}

export function isSecretQueryParameter(name: string): boolean {
  const decoded = decodedName(name).trim();
  return SECRET_QUERY_PARAMETERS.has(decoded.toLowerCase()) || SECRET_QUERY_PATTERN.test(decoded);
}

/** The URL with the value of every secret-bearing query parameter replaced by [REDACTED]. */
export function redactUrl(url: string): string {
  const start = url.indexOf('?');
  if (start < 0) return url;
  const query = url
    .slice(start + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals < 0 ? pair : pair.slice(0, equals);
      return equals >= 0 && isSecretQueryParameter(name) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  return `${url.slice(0, start)}?${query}`;
}

/**
 * Free text (an error's message or stack) with the values of secret query parameters replaced:
 * errors raised before routing quote the whole URL ("'/x?resetToken=…' is not a valid url component").
 */
export function redactText(text: string): string {
  return text.replace(/([?&])([^=&?#\s'"]+)=([^&#\s'"]*)/g, (whole, separator: string, name: string) =>
    isSecretQueryParameter(name) ? `${separator}${name}=${REDACTED}` : whole,
  );
}

interface SerializedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

/**
 * The error serializer (in place of pino's, whose shape it keeps: type, message, stack, the
 * error's own fields, its cause), with URLs in the message and stack redacted.
 */
export function serializeError(error: Error, depth = 0): SerializedError {
  // pino hands over whatever was logged under `err`; what is not an Error stays as it is.
  if (!(error instanceof Error)) return error as unknown as SerializedError;
  const serialized: SerializedError = {
    type: error.constructor?.name ?? 'Error',
    message: redactText(error.message),
    stack: redactText(error.stack ?? ''),
  };
  for (const [key, value] of Object.entries(error)) {
    if (!(key in serialized)) serialized[key] = value;
  }
  if (error.cause !== undefined) {
    serialized.cause = error.cause instanceof Error && depth < 5 ? serializeError(error.cause, depth + 1) : error.cause;
  }
  return serialized;
}

interface LoggedRequest {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  headers?: IncomingHttpHeaders;
  socket?: { remoteAddress?: string; remotePort?: number };
}

/** Fastify's request serializer, with the URL redacted (it logs a FastifyRequest or a raw one). */
export function serializeRequest(request: LoggedRequest): Record<string, unknown> {
  return {
    method: request.method,
    url: typeof request.url === 'string' ? redactUrl(request.url) : request.url,
    host: request.host ?? request.headers?.host,
    remoteAddress: request.ip ?? request.socket?.remoteAddress,
    remotePort: request.socket?.remotePort,
  };
}

/** Credentials in headers, wherever a log line carries headers. */
const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers.encryption',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  'headers.encryption',
  'headers["set-cookie"]',
];

type LoggerOption = FastifyServerOptions['logger'];

/** The logger option with the request serializer and header redaction added (false stays false). */
export function withLogRedaction(logger: LoggerOption | undefined): LoggerOption {
  if (logger === false) return false;
  const base = logger === true || logger === undefined ? {} : logger;
  const redact = base.redact;
  const paths = Array.isArray(redact) ? redact : (redact?.paths ?? []);
  return {
    ...base,
    serializers: { ...base.serializers, req: serializeRequest, err: serializeError },
    redact: {
      ...(Array.isArray(redact) || !redact ? {} : redact),
      paths: [...new Set([...paths, ...REDACTED_PATHS])],
      censor: REDACTED,
    },
  };
}

/** A caller's (or the edge proxy's) request id is kept only when it looks like one. */
export const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** Fastify genReqId: the caller's X-Request-Id when safe, else a new UUID. */
export function requestIdOf(request: { headers: IncomingHttpHeaders }): string {
  const header = request.headers['x-request-id'];
  return typeof header === 'string' && SAFE_REQUEST_ID.test(header) ? header : randomUUID();
}
