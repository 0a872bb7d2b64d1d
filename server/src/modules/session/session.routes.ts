import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/pool';
import { ok } from '../../http/envelope';
import { apiSchema } from '../../http/schemas';
import { ensureRsaKey } from './rsa-keys';

export interface SessionRoutesOptions {
  db: Db;
}

export async function sessionRoutes(app: FastifyInstance, { db }: SessionRoutesOptions): Promise<void> {
  app.get('/wps/session/key/rsa', {
    schema: apiSchema({
      tags: ['session'],
      summary: 'Public key for encrypted calls',
      description:
        'RSA-OAEP (SHA-256, 2048-bit). An encrypted call sends header Encryption = base64(RSA-OAEP(aesKey)) ' +
        'and body { value: base64(iv[12] ‖ AES-256-GCM(JSON body) ‖ tag[16]) } with a fresh 32-byte AES key.',
      value: {
        type: 'object',
        required: ['keyId', 'publicKey'],
        properties: {
          keyId: { type: 'string' },
          publicKey: { type: 'string', description: 'base64 of the DER SubjectPublicKeyInfo' },
        },
      },
    }),
  }, async (_request, reply) => {
    // The key can be rotated by an operator: let caches revalidate.
    reply.header('Cache-Control', 'no-cache');
    return ok(await ensureRsaKey(db));
  });
}
