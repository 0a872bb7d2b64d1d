import type { FastifyRequest } from 'fastify';
import { resolveLanguage, type MessageLanguage } from '../i18n/messages';

// What every route reads about its caller, read one way: the address lockouts, sessions and
// rate limits count by, the user agent sessions record, and the language of the answer.

/** "::ffff:203.0.113.7" (an IPv4 client on a dual-stack socket) → "203.0.113.7". */
export function normaliseIp(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  return mapped ? mapped[1] : ip;
}

/** The caller's address as lockouts, sessions and rate limits see it (IPv4-mapped IPv6 unwrapped). */
export const clientIpOf = (request: FastifyRequest): string => normaliseIp(request.ip);

export const userAgentOf = (request: FastifyRequest): string | undefined => {
  const header = request.headers['user-agent'];
  return typeof header === 'string' ? header : undefined;
};

/** The `Language` header as sent, for callers with a fallback of their own (a member's language). */
export function languageHeaderOf(request: FastifyRequest): string | undefined {
  const header = request.headers.language;
  return Array.isArray(header) ? header[0] : header;
}

/** The catalogue language of the answer (from the `Language` header). */
export const callerLanguageOf = (request: FastifyRequest): MessageLanguage => resolveLanguage(languageHeaderOf(request));

/**
 * The browser's own id (`Device-Id` header: a random UUID the API client keeps in localStorage),
 * or undefined when absent or not shaped like one. The caller chooses it, so it can only ever
 * narrow a limit (one browser making many accounts across addresses), never widen one.
 */
export function deviceIdOf(request: FastifyRequest): string | undefined {
  const header = request.headers['device-id'];
  const value = Array.isArray(header) ? header[0] : header;
  return typeof value === 'string' && /^[A-Za-z0-9_-]{16,64}$/.test(value) ? value.toLowerCase() : undefined;
}
