// The response envelope every /wps call answers with (contract/README.md):
// `{ success, value, message, errorCode }`; a failure is a non-2xx status with the same shape.
import type { FromSchema, JSONSchema } from 'json-schema-to-ts';

/** The envelope around a call's `value` schema. */
export function envelopeSchemaOf<const Value extends JSONSchema>(value: Value) {
  return {
    type: 'object',
    required: ['success', 'value', 'message', 'errorCode'],
    properties: {
      success: { type: 'boolean' },
      value,
      message: { type: ['string', 'null'] },
      errorCode: { type: ['string', 'null'] },
    },
  } as const;
}

/**
 * The `value` of a records call (the legacy API's `value.list` + `value.totalPages`, `value.footer`
 * for column totals): one row schema and, where the page shows totals, one footer schema.
 */
export function pagedListSchemaOf<const Item extends JSONSchema, const Footer extends JSONSchema>(item: Item, footer: Footer) {
  return {
    type: 'object',
    required: ['list', 'totalPages'],
    additionalProperties: false,
    properties: {
      list: { type: 'array', items: item },
      totalPages: { type: 'integer' },
      footer,
    },
  } as const;
}

export interface Envelope<T> {
  success: boolean;
  value: T;
  message: string | null;
  errorCode: string | null;
}

export type { FromSchema, JSONSchema };
