import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';

// The bytes of answers every page load asks for (the site status, the whitelabel switches, the
// vendor lanes), kept per configuration revision so a repeated read costs neither serialisation
// nor compression. @fastify/compress would otherwise stream each such answer through brotli on
// every request; here it is compressed once per key and encoding.
//
// Keys always carry the merchant's configuration revision, so an operator's change is never
// answered from older bytes (the revision moves when it commits: db/config-revision.ts); they
// also carry whatever else the answer depends on (the visitor's address and country, the
// maintenance window's state, a query parameter), so two answers that differ never share a key.
// Without a known revision (the revision listener is down) nothing is kept: the answer is
// serialised per request as before and compressed by @fastify/compress.

type Encoding = 'br' | 'gzip' | 'identity';

interface Entry {
  identity: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

/** Only answers at least this long are compressed (@fastify/compress's default threshold). */
const COMPRESS_THRESHOLD = 1024;

const encodings = new Negotiator({ supportedValues: ['br', 'gzip', 'identity'], cache: new Map() });

function entrySize(entry: Entry): number {
  return entry.identity.length + (entry.br?.length ?? 0) + (entry.gzip?.length ?? 0) + 64;
}

function compressed(entry: Entry, encoding: Exclude<Encoding, 'identity'>): Buffer {
  const existing = entry[encoding];
  if (existing) return existing;
  const bytes =
    encoding === 'br'
      ? brotliCompressSync(entry.identity, {
          params: {
            // Compressed once per key, read many times: a higher quality than per-request streaming.
            [zlibConstants.BROTLI_PARAM_QUALITY]: 9,
            [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
            [zlibConstants.BROTLI_PARAM_SIZE_HINT]: entry.identity.length,
          },
        })
      : gzipSync(entry.identity, { level: 9 });
  entry[encoding] = bytes;
  return bytes;
}

export interface CachedAnswersOptions {
  /** The most bytes kept over all entries and encodings. */
  maxBytes?: number;
}

export class CachedAnswers {
  private readonly entries: LRUCache<string, Entry>;

  constructor({ maxBytes = 16 * 1024 * 1024 }: CachedAnswersOptions = {}) {
    this.entries = new LRUCache<string, Entry>({ maxSize: maxBytes, sizeCalculation: entrySize });
  }

  /**
   * Sends `answer` (the envelope the route returns) through the route's own response serialiser,
   * from bytes kept under `key` within `revision` when there is one. Returns the reply for the
   * handler to return.
   */
  send(request: FastifyRequest, reply: FastifyReply, revision: string | undefined, key: string, answer: () => unknown): FastifyReply {
    if (revision === undefined) return reply.send(answer());
    const cacheKey = `${revision}\u0000${key}`;
    let entry = this.entries.get(cacheKey);
    if (!entry) {
      entry = { identity: Buffer.from(reply.serialize(answer()) as string) };
      this.entries.set(cacheKey, entry);
    }
    reply.header('Content-Type', 'application/json; charset=utf-8');
    if (entry.identity.length < COMPRESS_THRESHOLD) return reply.send(entry.identity);
    reply.header('Vary', 'Accept-Encoding');
    const accepted = request.headers['accept-encoding'];
    const encoding = (accepted ? encodings.negotiate(accepted) : 'identity') as Encoding | null;
    if (encoding === 'br' || encoding === 'gzip') {
      const bytes = compressed(entry, encoding);
      // The LRU's size grows with each encoding kept.
      this.entries.set(cacheKey, entry);
      reply.header('Content-Encoding', encoding);
      return reply.send(bytes);
    }
    return reply.send(entry.identity);
  }

  /** Bytes kept (tests). */
  get bytes(): number {
    return this.entries.calculatedSize;
  }
}
