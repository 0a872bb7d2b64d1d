import { envelopeSchemaOf, type CallDefinition, type ParamsOf, type QueryOf, type RequestOf } from '@platform/contract';
import type { FastifySchema } from 'fastify';

// JSON Schemas shared by every route: the envelope around each answer and the headers every
// /wps call may carry. Declared once, they give both validation/serialisation and OpenAPI.

export type JsonSchema = Record<string, unknown>;

/** `{ success, value, message, errorCode }` around `value` (the contract's envelope). */
export function envelopeOf(value: JsonSchema, description = 'Success'): JsonSchema {
  return { description, ...envelopeSchemaOf(value) };
}

/** A failure: success false, a machine `errorCode`, a localised `message`, value usually null. */
export const errorEnvelope: JsonSchema = {
  ...envelopeOf({ description: 'Extra data for the failure, usually null' }, 'Failure'),
  $id: 'ErrorEnvelope',
};

/** Headers the front end sends on every call. */
export const commonHeaders: Record<string, JsonSchema> = {
  merchant: {
    type: 'string',
    maxLength: 64,
    description: 'Merchant (brand) code; when absent the merchant is chosen by the request host',
  },
  language: {
    type: 'string',
    maxLength: 16,
    description: 'Language of `message` (EN, BN, CN, ID, TH, TY, VI); EN when unknown',
  },
  device: { type: 'string', maxLength: 32, description: 'Client kind, "web"' },
  'x-gateway-version': { type: 'string', maxLength: 8 },
};

interface RouteDocs {
  tags: string[];
  summary: string;
  description?: string;
  /** Route-specific headers, added to the common ones. */
  headers?: Record<string, JsonSchema>;
}

/** A route the front end calls: its request and answer schemas are its contract row's. */
export interface CallRouteSchema extends RouteDocs {
  call: CallDefinition;
}

/** A route no front-end call names (a browser navigation, a test route): schemas of its own. */
export interface ServerRouteSchema extends RouteDocs {
  querystring?: JsonSchema;
  params?: JsonSchema;
  body?: JsonSchema;
  /** Schema of `value` in a successful answer. */
  value: JsonSchema;
}

export type ApiRouteSchema = CallRouteSchema | ServerRouteSchema;

function schemasOf(route: ApiRouteSchema): Omit<ServerRouteSchema, keyof RouteDocs> {
  if (!('call' in route)) return route;
  const { query, params, body, value } = route.call;
  return { querystring: query as JsonSchema | undefined, params: params as JsonSchema | undefined, body: body as JsonSchema | undefined, value: value as JsonSchema };
}

/** The full schema of an enveloped /wps route. */
export function apiSchema(route: ApiRouteSchema): FastifySchema {
  const { querystring, params, body, value } = schemasOf(route);
  return {
    tags: route.tags,
    summary: route.summary,
    ...(route.description ? { description: route.description } : {}),
    ...(querystring ? { querystring } : {}),
    ...(params ? { params } : {}),
    ...(body ? { body } : {}),
    headers: { type: 'object', properties: { ...commonHeaders, ...route.headers } },
    response: {
      200: envelopeOf(value),
      '4xx': { $ref: 'ErrorEnvelope#' },
      '5xx': { $ref: 'ErrorEnvelope#' },
    },
  };
}

/** Fastify's request types of a route, from its contract row: `app.post<RouteOf<typeof loginCall>>(…)`. */
export interface RouteOf<C extends CallDefinition> {
  Body: RequestOf<C>;
  Querystring: QueryOf<C>;
  Params: ParamsOf<C>;
}
