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

/** The catalogue language of the answer (REFERENCE.md §4: from the `Language` header). */
export const callerLanguageOf = (request: FastifyRequest): MessageLanguage => resolveLanguage(languageHeaderOf(request));
