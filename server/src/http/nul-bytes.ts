import type { FastifyInstance } from 'fastify';
import { AppError } from './envelope';

// PostgreSQL text cannot hold a NUL character: a string with one reaching a query fails inside the
// database and would answer 500. No field of this API has a use for it, so a request carrying one
// anywhere (path, query, body, after decryption) is refused before its handler runs.

/** Where a value sits: its parent's place and the key or index that leads to it. */
interface Place {
  parent: Place | null;
  key: string | number;
}

function pathOf(place: Place | null): string {
  const steps: Array<string | number> = [];
  for (let step = place; step; step = step.parent) steps.push(step.key);
  return steps.reverse().reduce<string>((path, key) => (typeof key === 'number' ? `${path}[${key}]` : path ? `${path}.${key}` : key), '');
}

/**
 * The path of a string (or key) containing U+0000 inside `value`, or null. Walks with a stack of
 * its own, not by recursion: a JSON body nested some thousands of levels deep (a few kilobytes)
 * would overflow the call stack and answer 500.
 */
export function pathOfNulByte(value: unknown): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? '(value)' : null;
  const pending: Array<{ container: object; place: Place | null }> = [];
  if (value && typeof value === 'object') pending.push({ container: value, place: null });
  while (pending.length > 0) {
    const { container, place } = pending.pop()!;
    const keys: Array<string | number> = Array.isArray(container) ? container.map((_, index) => index) : Object.keys(container);
    for (const key of keys) {
      if (typeof key === 'string' && key.includes('\u0000')) return `${pathOf(place)}.${JSON.stringify(key)}`;
      const child: unknown = (container as Record<string | number, unknown>)[key];
      if (typeof child === 'string') {
        if (child.includes('\u0000')) return pathOf({ parent: place, key });
      } else if (child && typeof child === 'object') {
        pending.push({ container: child, place: { parent: place, key } });
      }
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
