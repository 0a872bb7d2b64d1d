import type { JsonSchema } from '../../http/schemas';

const str = { type: 'string' };

export const announcementSchema: JsonSchema = {
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
};

export const announcementListSchema: JsonSchema = {
  type: 'object',
  required: ['list', 'popup'],
  properties: {
    list: { type: 'array', items: announcementSchema, description: 'Newest first' },
    popup: { type: 'array', items: announcementSchema, description: 'The announcements of list shown as a popup' },
  },
};

export const bannerSchema: JsonSchema = {
  type: 'object',
  required: ['bannerId', 'groupName', 'url', 'linkageType', 'linkageValue'],
  properties: {
    bannerId: { type: 'integer' },
    groupName: str,
    url: { type: 'string', description: 'Image URL' },
    linkageType: { type: 'string', enum: ['NONE', 'PROMOTION', 'URL', 'ROUTE', 'GAME'] },
    linkageValue: { type: ['string', 'null'] },
  },
};

export const promotionSchema: JsonSchema = {
  type: 'object',
  required: ['id', 'category', 'title', 'imageUrl'],
  properties: { id: { type: 'integer' }, category: str, title: str, imageUrl: str },
};

export const indexNoticeSchema: JsonSchema = {
  type: 'object',
  required: ['player', 'banners', 'popup', 'promotion'],
  properties: {
    player: { type: 'array', items: announcementSchema, description: 'Bulletins (B) and player notices (PL)' },
    banners: { type: 'array', items: bannerSchema, description: 'Banners of every group; the client filters by groupName' },
    popup: { type: 'array', items: announcementSchema },
    promotion: { type: 'array', items: promotionSchema },
  },
};

export const helpCenterSchema: JsonSchema = {
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
};
