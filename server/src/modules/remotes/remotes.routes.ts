import { remotesAnswerSchema } from '@platform/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/pool';
import { deviceIdOf } from '../../http/request-context';
import { commonHeaders } from '../../http/schemas';
import { merchantOf } from '../../plugins/merchant';
import { listRemotes, type RemotesContext } from './remotes.service';

export interface RemotesRoutesOptions extends RemotesContext {
  db: Db;
}

export async function remotesRoutes(app: FastifyInstance, { db, ...context }: RemotesRoutesOptions): Promise<void> {
  app.get('/remotes.json', {
    // The shell loads the remotes before it knows which page to show (maintenance included).
    config: { auth: 'public', availability: 'always' },
    schema: {
      tags: ['delivery'],
      summary: 'Micro-frontend remotes for the shell (plain JSON array, not enveloped)',
      headers: {
        type: 'object',
        properties: {
          merchant: commonHeaders.merchant,
          'device-id': { type: 'string', description: "The browser's id: which side of a remote's canary it is on (none: the stable release)" },
        },
      },
      response: {
        200: { description: 'Remote name → manifest URL, with the routes of the release served', ...remotesAnswerSchema },
        '4xx': { $ref: 'ErrorEnvelope#' },
        '5xx': { $ref: 'ErrorEnvelope#' },
      },
    },
  }, async (request, reply) => {
    // The shell must see a swapped remote on its next load: never cached. The answer depends on
    // the device (a canary's side), so no shared cache may hand one device's answer to another.
    reply.header('Cache-Control', 'no-store');
    reply.header('Vary', 'Device-Id');
    return listRemotes(db, merchantOf(request), context, {
      deviceId: deviceIdOf(request),
      onRefused: (refused) =>
        refused.canary
          ? request.log.warn({ remote: refused.name, entryUrl: refused.entryUrl, problems: refused.problems }, 'remote_registry canary names a release that is not deployed or the deployed shell cannot run: the stable release is served')
          : refused.problems
            ? request.log.warn({ remote: refused.name, entryUrl: refused.entryUrl, problems: refused.problems }, 'remote_registry entry pins a release the deployed shell cannot run: not served')
            : request.log.warn({ remote: refused.name, entryUrl: refused.entryUrl }, 'remote_registry entry is not on an allowed origin (remote_origin): not served'),
      onInvalidRoutes: (invalid) =>
        request.log.warn({ remote: invalid.name, version: invalid.version, problem: invalid.problem }, "a release's routes.json is not valid: served without routes (the shell keeps its own for that remote)"),
    });
  });
}
