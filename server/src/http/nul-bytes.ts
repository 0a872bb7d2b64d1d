import type { FastifyInstance } from 'fastify';
import { AppError } from './envelope';

// PostgreSQL text cannot hold a NUL character: a string with one reaching a query fails inside the
// database and would answer 500. No field of this API has a use for it, so a request carrying one
// anywhere (path, query, body, after decryption) is refused before its handler runs.

/** The path of the first string containing U+0000 inside `value`, or null. */
export function pathOfNulByte(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path || '(value)' : null;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = pathOfNulByte(item, `${path}[${index}]`);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key.includes('\u0000')) return `${path}.${JSON.stringify(key)}`;
      const found = pathOfNulByte(item, path ? `${path}.${key}` : key);
      if (found) return found;
    }
  }
  return null;
}

/** Adds the refusal to every route of `app` (a preHandler: after validation and decryption). */
export function refuseNulBytes(app: FastifyInstance): void {
  app.addHook('preHandler', async (request) => {
    for (const [part, value] of [['params', request.params], ['query', request.query], ['body', request.body]] as const) {
      const found = pathOfNulByte(value);
      if (found) throw new AppError(400, 'request.param.err', { detail: `${part} ${found} contains a NUL character` });
    }
  });
}
