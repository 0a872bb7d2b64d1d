import type { FastifyInstance, FastifyRequest } from 'fastify';
import type pg from 'pg';
import type { Clock } from '../../config';
import { ok } from '../../http/envelope';
import { apiSchema, type JsonSchema } from '../../http/schemas';
import { OPERATOR_BEARER_HEADER as bearerHeader, operatorOf } from '../operator';
import { auditedContentChange, CONTENT_OPERATOR_TAGS, contentIdParams, contentInvalidDescription } from './content.operator-common';
import { CONTENT_IMAGE_BODY_LIMIT, CONTENT_IMAGE_MAX_BYTES } from './content-image';
import { BANNER_LINKAGE_TYPES, type AnnouncementRow, type BannerRow } from './content.operator.queries';
import {
  ANNOUNCEMENT_TYPE_USES,
  announcementState,
  bannerGroups,
  bannerImagePreview,
  createAnnouncement,
  createBanner,
  deleteAnnouncement,
  deleteBanner,
  listAnnouncementRows,
  listBanners,
  updateAnnouncement,
  updateBanner,
  uploadImage,
  type AnnouncementInput,
  type BannerInput,
  type ContentMerchant,
} from './content.operator.service';
import type { AnnouncementType } from './content.queries';
import { ANNOUNCEMENT_TYPES } from './content.service';
import { helpServiceOperatorRoutes } from './help-service.operator-routes';

// The operators' banners and announcements (/ops/v1/content, registered behind the operator token
// check by app.ts through operatorRoutes' extraRoutes; content staff write, risk reads:
// operator-roles.ts). What players see changes on their next request: the tables' triggers bump the
// configuration revision (migration 008), and the site's reads (GET /wps/system/notice, the
// announcement list) read the rows. Every change is audited once: the outcome row's detail holds the
// row before and after it (null when created or deleted), the started row what was asked. A
// refusal (400 operator.content.invalid with the rule that failed; 404 for a row of no one or of
// another merchant) changes nothing.

const tags = CONTENT_OPERATOR_TAGS;
const idParams = contentIdParams;
const GROUP = { type: 'string', pattern: '^w_[a-z][a-z0-9_]{0,39}$', description: 'route group: w_home, w_games, w_promotion, w_help, …' } as const;
const EPOCH_MS = { type: 'integer', minimum: 0, maximum: 4_102_444_800_000, description: 'epoch ms' } as const;

const bannerFields = {
  group: GROUP,
  imageUrl: {
    type: 'string',
    minLength: 1,
    maxLength: 2000,
    description: "a path of the site (an upload's address from POST /content/banners/images, /assets/…) or an http(s) address on one of the site's image CDNs",
  },
  linkageType: { type: 'string', enum: BANNER_LINKAGE_TYPES, description: 'where a click leads (NONE: nowhere)' },
  linkageValue: {
    type: ['string', 'null'],
    maxLength: 2000,
    description: 'PROMOTION: a promotion id; URL: an http(s) address; ROUTE: a path of the site; GAME: gameType:vassalage[:gameCode]; NONE: ignored',
  },
  enabled: { type: 'boolean', description: 'false: kept, not shown' },
  sortOrder: { type: 'integer', minimum: -1_000_000, maximum: 1_000_000, description: 'slides go in ascending order within their group' },
} as const;

const bannerSchema: JsonSchema = {
  type: 'object',
  required: ['id', 'group', 'imageUrl', 'linkageType', 'linkageValue', 'enabled', 'sortOrder'],
  properties: {
    id: { type: 'integer' },
    group: { type: 'string' },
    imageUrl: { type: 'string' },
    linkageType: { type: 'string' },
    linkageValue: { type: ['string', 'null'] },
    enabled: { type: 'boolean' },
    sortOrder: { type: 'integer' },
  },
};

const announcementTypes = Object.entries(ANNOUNCEMENT_TYPE_USES)
  .map(([type, use]) => `${type} (${use})`)
  .join('; ');

const announcementFields = {
  type: { type: 'string', enum: ANNOUNCEMENT_TYPES, description: announcementTypes },
  title: { type: 'string', minLength: 1, maxLength: 200, pattern: '\\S' },
  content: { type: 'string', minLength: 1, maxLength: 20000, description: 'HTML; shown sanitized (no script, no event handlers)' },
  popup: { type: 'boolean', description: 'also offered as a popup when the site opens' },
  enabled: { type: 'boolean', description: 'false: kept, not shown' },
  publishedAt: { ...EPOCH_MS, description: 'shown from then (epoch ms; default now): the list is newest first by it' },
  expiresAt: { type: ['integer', 'null'], minimum: 0, maximum: 4_102_444_800_000, description: 'no longer shown from then (epoch ms); null: never expires' },
} as const;

const announcementSchema: JsonSchema = {
  type: 'object',
  required: ['id', 'type', 'title', 'content', 'popup', 'enabled', 'publishedAt', 'expiresAt', 'state'],
  properties: {
    id: { type: 'integer' },
    type: { type: 'string' },
    title: { type: 'string' },
    content: { type: 'string', description: 'as written (the site sanitizes it on the way out)' },
    popup: { type: 'boolean' },
    enabled: { type: 'boolean' },
    publishedAt: { type: 'integer' },
    expiresAt: { type: ['integer', 'null'] },
    state: { type: 'string', enum: ['disabled', 'scheduled', 'shown', 'expired'], description: 'what the site does with it now' },
  },
};

const invalidDescription = contentInvalidDescription;

/** The operator's merchant, as the checks read its image origins. */
function merchantOfOperator(request: FastifyRequest): ContentMerchant {
  const operator = operatorOf(request);
  return { id: operator.merchantId, code: operator.merchantCode };
}

const announcementValue = (row: AnnouncementRow, nowMs: number) => ({ ...row, state: announcementState(row, nowMs) });

export async function contentOperatorRoutes(app: FastifyInstance, { db, clock }: { db: pg.Pool; clock: Clock }): Promise<void> {
  app.get<{ Querystring: { group?: string } }>('/content/banners', {
    schema: apiSchema({
      tags,
      summary: "The merchant's banners (enabled or not), by group then order, and the groups to choose from",
      headers: bearerHeader,
      querystring: { type: 'object', additionalProperties: false, properties: { group: GROUP } },
      value: {
        type: 'object',
        required: ['list', 'groups'],
        properties: {
          list: { type: 'array', items: bannerSchema },
          groups: { type: 'array', items: { type: 'string' }, description: "the site's banner groups, and any other a banner is in" },
        },
      },
    }),
  }, async (request) => {
    const merchantId = operatorOf(request).merchantId;
    const [list, groups] = await Promise.all([listBanners(db, merchantId, request.query.group), bannerGroups(db, merchantId)]);
    return ok({ list, groups });
  });

  app.post<{ Body: BannerInput & { group: string; imageUrl: string } }>('/content/banners', {
    schema: apiSchema({
      tags,
      summary: 'Create a banner (shown from the next request when enabled)',
      description: invalidDescription,
      headers: bearerHeader,
      body: { type: 'object', required: ['group', 'imageUrl'], additionalProperties: false, properties: bannerFields },
      value: bannerSchema,
    }),
  }, async (request) => {
    const merchant = merchantOfOperator(request);
    const banner = await auditedContentChange<BannerRow>(request, db, clock, { action: 'banner.create', targetType: 'banner' }, request.body, () =>
      createBanner(db, merchant, request.body),
    );
    return ok(banner);
  });

  // Registered before /content/banners/:id: a path of its own, whatever the id's pattern.
  app.post<{ Body: { image: string } }>('/content/banners/images', {
    bodyLimit: CONTENT_IMAGE_BODY_LIMIT,
    schema: apiSchema({
      tags,
      summary: "Upload a banner image; answers its address on the site's own origin, to put in a banner",
      description:
        `A data URL of a png, jpg or webp file of at most ${CONTENT_IMAGE_MAX_BYTES} bytes, its type read from the bytes. Kept in the database, served by the site at ` +
        '/wps/content/images/<sha256>.<png|jpg|webp> (the same file twice: the same address). 400 operator.content.invalid otherwise.',
      headers: bearerHeader,
      body: { type: 'object', required: ['image'], additionalProperties: false, properties: { image: { type: 'string', minLength: 1, description: 'data:image/png;base64,…' } } },
      value: {
        type: 'object',
        required: ['url', 'contentType', 'size'],
        properties: { url: { type: 'string', description: 'a path of the site' }, contentType: { type: 'string' }, size: { type: 'integer', description: 'bytes' } },
      },
    }),
  }, async (request) => {
    const operator = operatorOf(request);
    const uploaded = await auditedContentChange(request, db, clock, { action: 'banner_image.upload', targetType: 'content_image' }, { dataUrlLength: request.body.image.length }, () =>
      uploadImage(db, operator.merchantId, operator.id, request.body.image, clock()),
    );
    return ok(uploaded);
  });

  app.post<{ Params: { id: number }; Body: BannerInput }>('/content/banners/:id', {
    schema: apiSchema({
      tags,
      summary: 'Change a banner: the fields given, checked with the rest as stored',
      description: invalidDescription,
      headers: bearerHeader,
      params: idParams,
      body: { type: 'object', minProperties: 1, additionalProperties: false, properties: bannerFields },
      value: bannerSchema,
    }),
  }, async (request) => {
    const merchant = merchantOfOperator(request);
    const { id } = request.params;
    const banner = await auditedContentChange(request, db, clock, { action: 'banner.update', targetType: 'banner', targetId: String(id) }, request.body, () =>
      updateBanner(db, merchant, id, request.body),
    );
    return ok(banner);
  });

  app.delete<{ Params: { id: number } }>('/content/banners/:id', {
    schema: apiSchema({ tags, summary: 'Delete a banner (its uploaded image stays at its address); answers it as it was', description: invalidDescription, headers: bearerHeader, params: idParams, value: bannerSchema }),
  }, async (request) => {
    const { merchantId } = operatorOf(request);
    const { id } = request.params;
    const banner = await auditedContentChange(request, db, clock, { action: 'banner.delete', targetType: 'banner', targetId: String(id) }, {}, () => deleteBanner(db, merchantId, id));
    return ok(banner);
  });

  app.get<{ Params: { id: number } }>('/content/banners/:id/image', {
    schema: apiSchema({
      tags,
      summary: "A banner's image for a preview, as a data URL",
      description: "The back office is served on another origin than the site: it shows the site's images through this. 404 for an image the site does not hold itself (an image CDN's).",
      headers: bearerHeader,
      params: idParams,
      value: { type: 'object', required: ['contentType', 'dataUrl'], properties: { contentType: { type: 'string' }, dataUrl: { type: 'string' } } },
    }),
  }, async (request) => {
    const image = await bannerImagePreview(db, operatorOf(request).merchantId, request.params.id);
    return ok({ contentType: image.contentType, dataUrl: `data:${image.contentType};base64,${image.bytes.toString('base64')}` });
  });

  app.get<{ Querystring: { type?: AnnouncementType; limit: number } }>('/content/announcements', {
    schema: apiSchema({
      tags,
      summary: "The merchant's announcements (every state), newest publication first",
      headers: bearerHeader,
      querystring: {
        type: 'object',
        additionalProperties: false,
        properties: { type: { type: 'string', enum: ANNOUNCEMENT_TYPES, description: announcementTypes }, limit: { type: 'integer', minimum: 1, maximum: 1000, default: 500 } },
      },
      value: { type: 'object', required: ['list'], properties: { list: { type: 'array', items: announcementSchema } } },
    }),
  }, async (request) => {
    const nowMs = clock();
    const rows = await listAnnouncementRows(db, operatorOf(request).merchantId, request.query.type, request.query.limit);
    return ok({ list: rows.map((row) => announcementValue(row, nowMs)) });
  });

  app.post<{ Body: AnnouncementInput & { type: AnnouncementType; title: string; content: string } }>('/content/announcements', {
    schema: apiSchema({
      tags,
      summary: 'Create an announcement (shown from publishedAt, default now, until expiresAt)',
      description: invalidDescription,
      headers: bearerHeader,
      body: { type: 'object', required: ['type', 'title', 'content'], additionalProperties: false, properties: announcementFields },
      value: announcementSchema,
    }),
  }, async (request) => {
    const { merchantId } = operatorOf(request);
    const row = await auditedContentChange(request, db, clock, { action: 'announcement.create', targetType: 'announcement' }, request.body, () =>
      createAnnouncement(db, merchantId, request.body, clock()),
    );
    return ok(announcementValue(row, clock()));
  });

  app.post<{ Params: { id: number }; Body: AnnouncementInput }>('/content/announcements/:id', {
    schema: apiSchema({
      tags,
      summary: 'Change an announcement: the fields given, checked with the rest as stored',
      description: invalidDescription,
      headers: bearerHeader,
      params: idParams,
      body: { type: 'object', minProperties: 1, additionalProperties: false, properties: announcementFields },
      value: announcementSchema,
    }),
  }, async (request) => {
    const { merchantId } = operatorOf(request);
    const { id } = request.params;
    const row = await auditedContentChange(request, db, clock, { action: 'announcement.update', targetType: 'announcement', targetId: String(id) }, request.body, () =>
      updateAnnouncement(db, merchantId, id, request.body, clock()),
    );
    return ok(announcementValue(row, clock()));
  });

  app.delete<{ Params: { id: number } }>('/content/announcements/:id', {
    schema: apiSchema({ tags, summary: 'Delete an announcement; answers it as it was', description: invalidDescription, headers: bearerHeader, params: idParams, value: announcementSchema }),
  }, async (request) => {
    const { merchantId } = operatorOf(request);
    const { id } = request.params;
    const row = await auditedContentChange(request, db, clock, { action: 'announcement.delete', targetType: 'announcement', targetId: String(id) }, {}, () =>
      deleteAnnouncement(db, merchantId, id),
    );
    return ok(announcementValue(row, clock()));
  });

  // The help centre's articles and the customer-service links: the rest of the site's content.
  await helpServiceOperatorRoutes(app, { db, clock });
}
