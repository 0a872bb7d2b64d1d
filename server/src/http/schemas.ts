import { envelopeSchemaOf } from '@platform/shared/contract';
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

/** Headers the front end sends on every call (REFERENCE.md §4). */
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

export interface ApiRouteSchema {
  tags: string[];
  summary: string;
  description?: string;
  querystring?: JsonSchema;
  params?: JsonSchema;
  body?: JsonSchema;
  /** Route-specific headers, added to the common ones. */
  headers?: Record<string, JsonSchema>;
  /** Schema of `value` in a successful answer. */
  value: JsonSchema;
}

/** The full schema of an enveloped /wps route. */
export function apiSchema(route: ApiRouteSchema): FastifySchema {
  return {
    tags: route.tags,
    summary: route.summary,
    ...(route.description ? { description: route.description } : {}),
    ...(route.querystring ? { querystring: route.querystring } : {}),
    ...(route.params ? { params: route.params } : {}),
    ...(route.body ? { body: route.body } : {}),
    headers: { type: 'object', properties: { ...commonHeaders, ...route.headers } },
    response: {
      200: envelopeOf(route.value),
      '4xx': { $ref: 'ErrorEnvelope#' },
      '5xx': { $ref: 'ErrorEnvelope#' },
    },
  };
}
