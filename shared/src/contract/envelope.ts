// The response envelope every /wps call answers with (ARCHITECTURE.md "The contract"):
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

export interface Envelope<T> {
  success: boolean;
  value: T;
  message: string | null;
  errorCode: string | null;
}

export type { FromSchema, JSONSchema };
