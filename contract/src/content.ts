// Content calls: announcements, home-page notices and the help centre (server module content/).
import type { FromSchema } from 'json-schema-to-ts';
import { defineCall, type ValueOf } from './define-call';

const str = { type: 'string' } as const;

export const announcementSchema = {
  type: 'object',
  required: ['id', 'type', 'title', 'content', 'popup', 'createTime'],
  properties: {
    id: { type: 'integer' },
    type: { type: 'string', enum: ['B', 'PL', 'PU', 'PR', 'H'] },
    title: str,
    content: { type: 'string', description: 'Sanitized HTML' },
    popup: { type: 'boolean' },
    createTime: { type: 'integer', description: 'Publication time, epoch ms' },
  },
} as const;

export const announcementListSchema = {
  type: 'object',
  required: ['list', 'popup'],
  properties: {
    list: { type: 'array', items: announcementSchema, description: 'Newest first' },
    popup: { type: 'array', items: announcementSchema, description: 'The announcements of list shown as a popup' },
  },
} as const;

export const bannerSchema = {
  type: 'object',
  required: ['bannerId', 'groupName', 'url', 'linkageType', 'linkageValue'],
  properties: {
    bannerId: { type: 'integer' },
    groupName: str,
    url: { type: 'string', description: 'Image URL' },
    linkageType: { type: 'string', enum: ['NONE', 'PROMOTION', 'URL', 'ROUTE', 'GAME'] },
    linkageValue: { type: ['string', 'null'] },
  },
} as const;

export const promotionSchema = {
  type: 'object',
  required: ['id', 'category', 'title', 'imageUrl'],
  properties: { id: { type: 'integer' }, category: str, title: str, imageUrl: str },
} as const;

export const indexNoticeSchema = {
  type: 'object',
  required: ['player', 'banners', 'popup', 'promotion'],
  properties: {
    player: { type: 'array', items: announcementSchema, description: 'Bulletins (B) and player notices (PL)' },
    banners: { type: 'array', items: bannerSchema, description: 'Banners of every group; the client filters by groupName' },
    popup: { type: 'array', items: announcementSchema },
    promotion: { type: 'array', items: promotionSchema },
  },
} as const;

export const helpCenterSchema = {
  type: 'object',
  required: ['list'],
  properties: {
    list: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'category', 'title', 'content'],
        properties: { id: { type: 'integer' }, category: str, title: str, content: { type: 'string', description: 'Sanitized HTML' } },
      },
    },
  },
} as const;

export const announcementsCall = /*#__PURE__*/ defineCall({
  name: 'announcements',
  method: 'GET',
  path: '/wps/relay/MCSFE_getListAnnouncements',
  moduleId: 'ANNOUNCE3',
  cached: true,
  query: {
    type: 'object',
    properties: {
      types: {
        type: 'string',
        pattern: '^(B|PL|PU|PR|H)(,(B|PL|PU|PR|H))*$',
        description: 'Comma list of B, PL, PU, PR, H (default B,PL,PU,PR)',
      },
      platform: { type: 'string', enum: ['W'], description: 'W (web)' },
      execution: { type: 'string', enum: ['B'] },
    },
  },
  value: announcementListSchema,
});

export const indexNoticeCall = /*#__PURE__*/ defineCall({
  name: 'indexNotice',
  method: 'GET',
  path: '/wps/system/notice',
  moduleId: 'ANNOUNCE3',
  value: indexNoticeSchema,
});

export const helpCenterCall = /*#__PURE__*/ defineCall({
  name: 'helpCenter',
  method: 'GET',
  path: '/wps/system/helpCenter',
  moduleId: 'HELPCENTER3',
  value: helpCenterSchema,
});

/** An announcement; `content` is HTML, sanitized again in the browser before display. */
export type Announcement = FromSchema<typeof announcementSchema>;
export type AnnouncementList = ValueOf<typeof announcementsCall>;
export type Banner = FromSchema<typeof bannerSchema>;
export type Promotion = FromSchema<typeof promotionSchema>;
export type IndexNotice = ValueOf<typeof indexNoticeCall>;
export type HelpCenterEntry = ValueOf<typeof helpCenterCall>['list'][number];
