import type { JsonSchema } from '../../http/schemas';

const nullableStr = { type: ['string', 'null'] };

export const vendorCardSchema: JsonSchema = {
  type: 'object',
  required: ['vassalage', 'vendorName', 'provider', 'isHot', 'gameCategory', 'gameClassify', 'iconUrl', 'colorIconUrl', 'accountTypeName'],
  properties: {
    vassalage: { type: 'string', description: 'Vendor code' },
    vendorName: { type: 'string' },
    provider: { type: 'string', description: 'Company behind the vendor; several vendors may share one' },
    isHot: { type: 'boolean' },
    gameCategory: { type: 'string' },
    gameClassify: nullableStr,
    iconUrl: nullableStr,
    colorIconUrl: nullableStr,
    accountTypeName: nullableStr,
  },
};

export const gameVendorValueSchema: JsonSchema = {
  type: 'object',
  required: ['data'],
  properties: {
    data: {
      type: 'object',
      required: ['lanes'],
      properties: {
        lanes: {
          type: 'array',
          description: 'One lane per category with at least one vendor, in navigation order',
          items: {
            type: 'object',
            required: ['gameCategory', 'vendors'],
            properties: { gameCategory: { type: 'string' }, vendors: { type: 'array', items: vendorCardSchema } },
          },
        },
      },
    },
  },
};
