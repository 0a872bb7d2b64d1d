import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';

/**
 * OpenAPI from the route schemas (app.swagger()), served as JSON at /docs/json and browsable at
 * /docs when `serve` is on: outside production, or with API_DOCS=1 (config.ts apiDocsEnabled). In
 * production the map of every route is not handed to strangers unless the operator asks for it.
 * Must be registered before the routes it documents (it collects them as they are added).
 */
export async function registerDocs(app: FastifyInstance, { serve }: { serve: boolean }): Promise<void> {
  await app.register(swagger, {
    // Shared schemas keep their $id as their name in components (ErrorEnvelope, not def-0).
    refResolver: {
      buildLocalReference: (json, _baseUri, _fragment, index) => (typeof json.$id === 'string' ? json.$id : `def-${index}`),
    },
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Betting platform API',
        description:
          'Every /wps answer is the envelope { success, value, message, errorCode }; a failure is a non-2xx ' +
          'status with the same envelope, message in the caller\'s Language header.',
        version: '1.0.0',
      },
      tags: [
        { name: 'system', description: 'Site status and configuration' },
        { name: 'content', description: 'Announcements, banners, promotions, help' },
        { name: 'games', description: 'Game vendor catalogue' },
        { name: 'session', description: 'Keys and sessions' },
        { name: 'delivery', description: 'Front-end delivery' },
        { name: 'health', description: 'Operations' },
      ],
    },
  });
  if (serve) {
    await app.register(swaggerUi, {
      routePrefix: '/docs',
      // The page gets the site's page policy (modules/security-headers): scripts from this origin
      // only. Swagger UI also injects one <style> element, so its page alone allows inline styles.
      transformStaticCSP: (header) => header.replace(/(^|;\s*)style-src ([^;]*)/, "$1style-src $2 'unsafe-inline'"),
    });
  }
}
