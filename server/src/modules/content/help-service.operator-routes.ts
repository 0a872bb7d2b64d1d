import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import type { Clock } from '../../config';
import { ok } from '../../http/envelope';
import { apiSchema, type JsonSchema } from '../../http/schemas';
import { OPERATOR_BEARER_HEADER as bearerHeader, operatorOf } from '../operator';
import { auditedContentChange, CONTENT_OPERATOR_TAGS, contentIdParams, contentInvalidDescription } from './content.operator-common';
import {
  createHelpArticle,
  createServiceLink,
  deleteHelpArticle,
  deleteServiceLink,
  listHelpArticles,
  listServiceLinks,
  SERVICE_LINK_KINDS,
  updateHelpArticle,
  updateServiceLink,
  type HelpArticleInput,
  type ServiceLinkInput,
} from './help-service.operator';

// The help centre's articles and the customer-service links through the operator API
// (/ops/v1/content/help-articles, /ops/v1/content/service-links; registered by
// contentOperatorRoutes; content staff write, risk reads: operator-roles.ts). The customer-service
// table is the system module's to read for the site, but the system module sits below the operator
// module (no audit there): its editing lives here, beside the rest of the site's content. Every
// change is audited once (the outcome row holds the row before and after); a refusal (400
// operator.content.invalid with the rule that failed, 404 for a row of no one or of another
// merchant) changes nothing.

const tags = CONTENT_OPERATOR_TAGS;
const idParams = contentIdParams;
const SORT_ORDER = { type: 'integer', minimum: -1_000_000, maximum: 1_000_000, description: 'ascending: the order the site lists them in' } as const;
const invalidDescription = contentInvalidDescription;

const articleFields = {
  category: { type: 'string', minLength: 1, maxLength: 100, pattern: '\\S', description: 'the help centre groups articles by it, in the order of their first article' },
  title: { type: 'string', minLength: 1, maxLength: 200, pattern: '\\S' },
  content: { type: 'string', minLength: 1, maxLength: 50000, description: 'HTML; shown sanitized (no script, no event handlers)' },
  enabled: { type: 'boolean', description: 'false: kept, not shown' },
  sortOrder: SORT_ORDER,
} as const;

const articleSchema: JsonSchema = {
  type: 'object',
  required: ['id', 'category', 'title', 'content', 'enabled', 'sortOrder'],
  properties: {
    id: { type: 'integer' },
    category: { type: 'string' },
    title: { type: 'string' },
    content: { type: 'string', description: 'as written (the site sanitizes it on the way out)' },
    enabled: { type: 'boolean' },
    sortOrder: { type: 'integer' },
  },
};

const linkFields = {
  csType: { type: 'string', enum: SERVICE_LINK_KINDS, description: 'the icon the site draws; LIVECHAT and VIP give way to the in-site chat where it is on' },
  title: { type: 'string', minLength: 1, maxLength: 100, pattern: '\\S' },
  type: { type: 'integer', minimum: 1, maximum: 99, description: "the site's number for the link (3: the live-support link); default: the kind's (1 FACEBOOK, 2 TELEGRAM, 3 LIVECHAT, 4 VIP)" },
  url: { type: 'string', minLength: 1, maxLength: 2000, description: 'an http(s) address, opened in a new tab' },
  enabled: { type: 'boolean', description: 'false: kept, not shown' },
  sortOrder: SORT_ORDER,
} as const;

const linkSchema: JsonSchema = {
  type: 'object',
  required: ['id', 'csType', 'title', 'type', 'url', 'enabled', 'sortOrder'],
  properties: {
    id: { type: 'integer' },
    csType: { type: 'string' },
    title: { type: 'string' },
    type: { type: 'integer' },
    url: { type: 'string' },
    enabled: { type: 'boolean' },
    sortOrder: { type: 'integer' },
  },
};

export async function helpServiceOperatorRoutes(app: FastifyInstance, { db, clock }: { db: pg.Pool; clock: Clock }): Promise<void> {
  app.get('/content/help-articles', {
    schema: apiSchema({
      tags,
      summary: "The merchant's help-centre articles (enabled or not), in the site's order",
      headers: bearerHeader,
      value: { type: 'object', required: ['list'], properties: { list: { type: 'array', items: articleSchema } } },
    }),
  }, async (request) => ok({ list: await listHelpArticles(db, operatorOf(request).merchantId) }));

  app.post<{ Body: HelpArticleInput }>('/content/help-articles', {
    schema: apiSchema({
      tags,
      summary: 'Create a help-centre article (shown from the next request when enabled)',
      description: invalidDescription,
      headers: bearerHeader,
      body: { type: 'object', required: ['category', 'title', 'content'], additionalProperties: false, properties: articleFields },
      value: articleSchema,
    }),
  }, async (request) => {
    const { merchantId } = operatorOf(request);
    return ok(await auditedContentChange(request, db, clock, { action: 'help_article.create', targetType: 'help_article' }, request.body, () => createHelpArticle(db, merchantId, request.body)));
  });

  app.post<{ Params: { id: number }; Body: HelpArticleInput }>('/content/help-articles/:id', {
    schema: apiSchema({
      tags,
      summary: 'Change a help-centre article: the fields given, checked with the rest as stored',
      description: invalidDescription,
      headers: bearerHeader,
      params: idParams,
      body: { type: 'object', minProperties: 1, additionalProperties: false, properties: articleFields },
      value: articleSchema,
    }),
  }, async (request) => {
    const { merchantId } = operatorOf(request);
    const { id } = request.params;
    return ok(
      await auditedContentChange(request, db, clock, { action: 'help_article.update', targetType: 'help_article', targetId: String(id) }, request.body, () =>
        updateHelpArticle(db, merchantId, id, request.body),
      ),
    );
  });

  app.delete<{ Params: { id: number } }>('/content/help-articles/:id', {
    schema: apiSchema({ tags, summary: 'Delete a help-centre article; answers it as it was', description: invalidDescription, headers: bearerHeader, params: idParams, value: articleSchema }),
  }, async (request) => {
    const { merchantId } = operatorOf(request);
    const { id } = request.params;
    return ok(await auditedContentChange(request, db, clock, { action: 'help_article.delete', targetType: 'help_article', targetId: String(id) }, {}, () => deleteHelpArticle(db, merchantId, id)));
  });

  app.get('/content/service-links', {
    schema: apiSchema({
      tags,
      summary: "The merchant's customer-service links (enabled or not), in the site's order",
      headers: bearerHeader,
      value: { type: 'object', required: ['list'], properties: { list: { type: 'array', items: linkSchema } } },
    }),
  }, async (request) => ok({ list: await listServiceLinks(db, operatorOf(request).merchantId) }));

  app.post<{ Body: ServiceLinkInput }>('/content/service-links', {
    schema: apiSchema({
      tags,
      summary: 'Create a customer-service link (shown from the next request when enabled)',
      description: invalidDescription,
      headers: bearerHeader,
      body: { type: 'object', required: ['csType', 'title', 'url'], additionalProperties: false, properties: linkFields },
      value: linkSchema,
    }),
  }, async (request) => {
    const { merchantId } = operatorOf(request);
    return ok(await auditedContentChange(request, db, clock, { action: 'service_link.create', targetType: 'service_link' }, request.body, () => createServiceLink(db, merchantId, request.body)));
  });

  app.post<{ Params: { id: number }; Body: ServiceLinkInput }>('/content/service-links/:id', {
    schema: apiSchema({
      tags,
      summary: 'Change a customer-service link: the fields given, checked with the rest as stored',
      description: invalidDescription,
      headers: bearerHeader,
      params: idParams,
      body: { type: 'object', minProperties: 1, additionalProperties: false, properties: linkFields },
      value: linkSchema,
    }),
  }, async (request) => {
    const { merchantId } = operatorOf(request);
    const { id } = request.params;
    return ok(
      await auditedContentChange(request, db, clock, { action: 'service_link.update', targetType: 'service_link', targetId: String(id) }, request.body, () =>
        updateServiceLink(db, merchantId, id, request.body),
      ),
    );
  });

  app.delete<{ Params: { id: number } }>('/content/service-links/:id', {
    schema: apiSchema({ tags, summary: 'Delete a customer-service link; answers it as it was', description: invalidDescription, headers: bearerHeader, params: idParams, value: linkSchema }),
  }, async (request) => {
    const { merchantId } = operatorOf(request);
    const { id } = request.params;
    return ok(await auditedContentChange(request, db, clock, { action: 'service_link.delete', targetType: 'service_link', targetId: String(id) }, {}, () => deleteServiceLink(db, merchantId, id)));
  });
}
