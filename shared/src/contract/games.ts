// Game calls: the vendor lanes of the lobby (server module games/).
import type { FromSchema } from 'json-schema-to-ts';
import { defineCall, type ValueOf } from './define-call';
import { GAME_CATEGORY_CODES, type GameCategoryCode } from './game-categories';

const nullableStr = { type: ['string', 'null'] } as const;

export const vendorCardSchema = {
  type: 'object',
  required: ['vassalage', 'vendorName', 'provider', 'isHot', 'gameCategory', 'gameClassify', 'iconUrl', 'colorIconUrl', 'accountTypeName'],
  properties: {
    vassalage: { type: 'string', description: 'Vendor code' },
    vendorName: { type: 'string' },
    provider: { type: 'string', description: 'Company behind the vendor; several vendors may share one' },
    isHot: { type: 'boolean' },
    gameCategory: { type: 'string', enum: GAME_CATEGORY_CODES },
    gameClassify: nullableStr,
    iconUrl: nullableStr,
    colorIconUrl: nullableStr,
    accountTypeName: nullableStr,
  },
} as const;

export const gameVendorValueSchema = {
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
            properties: { gameCategory: { type: 'string', enum: GAME_CATEGORY_CODES }, vendors: { type: 'array', items: vendorCardSchema } },
          },
        },
      },
    },
  },
} as const;

export const gameVendorsCall = /*#__PURE__*/ defineCall({
  name: 'gameVendors',
  method: 'GET',
  path: '/wps/relay/GCSGAME_newGameVendor',
  moduleId: 'GAME3',
  cached: true,
  query: {
    type: 'object',
    required: ['platform'],
    properties: {
      platform: {
        type: 'string',
        pattern: '^(html5-desktop|html5|flash)(,(html5-desktop|html5|flash))*$',
        description: 'Client platform(s), comma separated: html5-desktop, html5, flash',
      },
      language: { type: 'string', pattern: '^[A-Za-z]{2}$', description: 'two-letter language code for vendor names, e.g. EN, VI' },
    },
  },
  value: gameVendorValueSchema,
});

/** A vendor's game category: one of the contract's GAME_CATEGORIES. */
export type GameCategory = GameCategoryCode;

export type GameVendorValue = ValueOf<typeof gameVendorsCall>;
export type GameLane = GameVendorValue['data']['lanes'][number];
export type VendorCard = FromSchema<typeof vendorCardSchema>;
