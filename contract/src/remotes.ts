// `/remotes.json` (server module remotes/): not a /wps call, read by the shell's loader.
import type { FromSchema } from 'json-schema-to-ts';

/**
 * One route a remote brings, as its release's routes.json lists it: the shell places `module` (one
 * of the remote's own route pages) at `paths`, in the layout its table names `layout`, behind its
 * guard. The server reads past a property of the file it does not know (a newer remote's) and
 * serves none.
 */
export const remoteRouteSchema = {
  type: 'object',
  required: ['id', 'paths', 'module', 'layout'],
  additionalProperties: false,
  properties: {
    id: { type: 'string', minLength: 1, description: 'Handed to the page (RoutePageProps.routeId)' },
    paths: { type: 'array', minItems: 1, items: { type: 'string', pattern: '^/' }, description: 'The route’s path and its aliases (router patterns: /promotions/:id)' },
    module: { type: 'string', pattern: '^\\./', description: 'The exposed module that renders the page (./HomePage)' },
    layout: { type: 'string', minLength: 1, description: 'A layout preset of the shell: full, header-only, bare' },
    banner: { type: 'string', minLength: 1, description: 'The banner group shown above the page' },
    public: { type: 'boolean', description: "Reachable without a session when the brand's logged-in-only flag is on" },
    barsByQueryFlag: { type: 'boolean', description: 'Side and top bars hidden unless the query flag bars=1 allows them' },
  },
} as const;

/** Federation name → URL of that remote's mf-manifest.json, and the routes of the release served. */
export const remoteManifestEntrySchema = {
  type: 'object',
  required: ['name', 'entry', 'version'],
  properties: {
    name: { type: 'string' },
    entry: { type: 'string', description: "URL of the remote's mf-manifest.json" },
    version: { type: ['string', 'null'] },
    routes: {
      type: 'array',
      items: remoteRouteSchema,
      description: "The served release's routes (its routes.json). Absent for a release without one and for an entry on another origin: the shell keeps its own table for that remote",
    },
  },
} as const;

/** The answer: a plain array, not enveloped. */
export const remotesAnswerSchema = { type: 'array', items: remoteManifestEntrySchema } as const;

export type RemoteRoute = FromSchema<typeof remoteRouteSchema>;
export type RemoteManifestEntry = FromSchema<typeof remoteManifestEntrySchema>;
