import type { FastifyInstance, FastifyRequest } from 'fastify';
import type pg from 'pg';
import type { Clock } from '../../config';
import { ok } from '../../http/envelope';
import { apiSchema, type JsonSchema } from '../../http/schemas';
import { addMerchantDomain, listFeatureSwitches, merchantDomains, removeMerchantDomain, setFeatureSwitches, type Change } from '../merchant';
import { auditContextOf, auditedChange, OPERATOR_BEARER_HEADER as bearerHeader, operatorOf } from '../operator';
import {
  addMirror,
  endMaintenance,
  listMirrors,
  MAX_FIELD_LENGTH,
  readBrandRules,
  readBrandSite,
  removeMirror,
  replaceRegionRules,
  scheduleMaintenance,
  setRegisterRules,
  type MaintenanceInput,
  type RegionRuleInput,
  type RegisterRuleChange,
} from '../system';

// The brand's settings through the operator API (/ops/v1/brand, registered behind the operator
// token check by app.ts through operatorRoutes' extraRoutes; admins only, risk reads:
// operator-roles.ts). The rows belong to the merchant module (switches, host names) and the system
// module (registration rules, maintenance windows, region rules, mirrors), which check and write
// them; this module only joins them to the operator's token and audit trail, since both sit below
// the operator module. What players see changes on their next request: the tables' triggers move
// the configuration revision (migration 008) under which the site caches them. Every change is
// audited once, its outcome row holding what changed before and after; a refusal (400
// operator.brand.invalid with the rule that failed, 404 for a row of no one or another merchant)
// changes nothing.

const tags = ['operator'];
const ID = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;
const idParams: JsonSchema = { type: 'object', required: ['id'], properties: { id: ID } };
const EPOCH_MS = { type: 'integer', minimum: 0, maximum: 4_102_444_800_000, description: 'epoch ms' } as const;
const invalidDescription = '400 operator.brand.invalid: the rule that failed; nothing is changed. 404 not.found: no such row of this merchant.';

const switchSchema: JsonSchema = {
  type: 'object',
  required: ['name', 'moduleId', 'enabled'],
  properties: { name: { type: 'string' }, moduleId: { type: 'string' }, enabled: { type: 'boolean', description: 'a switch with no row is off' } },
};

const registerRuleSchema: JsonSchema = {
  type: 'object',
  required: ['field', 'enabled', 'required', 'minLength', 'maxLength', 'acceptedPattern', 'patternId', 'type'],
  properties: {
    field: { type: 'string' },
    enabled: { type: 'boolean' },
    required: { type: 'boolean' },
    minLength: { type: 'integer' },
    maxLength: { type: 'integer' },
    acceptedPattern: { type: 'string', description: "'*': anything" },
    patternId: { type: 'integer' },
    type: { type: 'string' },
  },
};

const maintenanceSchema: JsonSchema = {
  type: 'object',
  required: ['id', 'startsAt', 'endsAt', 'reason'],
  properties: { id: { type: 'integer' }, startsAt: { type: 'integer' }, endsAt: { type: ['integer', 'null'] }, reason: { type: 'string' }, active: { type: 'boolean' } },
};

const regionRuleSchema: JsonSchema = {
  type: 'object',
  required: ['id', 'kind', 'value', 'note'],
  properties: { id: { type: 'integer' }, kind: { type: 'string' }, value: { type: 'string' }, note: { type: 'string' } },
};

const mirrorSchema: JsonSchema = {
  type: 'object',
  required: ['id', 'domain', 'enabled', 'sortOrder'],
  properties: { id: { type: 'integer' }, domain: { type: 'string' }, enabled: { type: 'boolean' }, sortOrder: { type: 'integer' } },
};

const domainsSchema: JsonSchema = {
  type: 'object',
  required: ['hosts', 'mirrors'],
  properties: {
    hosts: { type: 'array', items: { type: 'string' }, description: 'host names that select this site (merchant_domain)' },
    mirrors: { type: 'array', items: mirrorSchema, description: 'addresses offered to players as mirrors (domain_route)' },
  },
};

const brandSchema: JsonSchema = {
  type: 'object',
  required: ['merchantCode', 'site', 'accounts', 'featureSwitches', 'registrationRules', 'maintenance', 'regionRules', 'domains'],
  properties: {
    merchantCode: { type: 'string' },
    site: { type: 'object', additionalProperties: true, description: "what the site shows (the 'site' and 'currency' settings), read only" },
    accounts: { type: 'object', additionalProperties: true, description: 'the account rules (sessions, lockouts, registration limits), read only; the default password is left out' },
    featureSwitches: { type: 'array', items: switchSchema },
    registrationRules: {
      type: 'array',
      items: {
        ...registerRuleSchema,
        properties: {
          ...(registerRuleSchema.properties as object),
          reads: {
            type: 'object',
            required: ['enabled', 'required'],
            properties: { enabled: { type: 'boolean' }, required: { type: 'boolean' } },
            description: 'whether the site reads these flags of this field (the registration mode decides some fields)',
          },
        },
      },
    },
    maintenance: { type: 'array', items: maintenanceSchema, description: 'windows in force (active) or to come' },
    regionRules: { type: 'array', items: regionRuleSchema },
    domains: domainsSchema,
  },
};

/** Runs a brand change under audit, once: the started row keeps what was asked, the outcome row what changed before and after. */
const auditedBrandChange = <T>(
  request: FastifyRequest,
  db: pg.Pool,
  clock: Clock,
  action: { action: string; targetType: string; targetId?: string },
  asked: unknown,
  change: () => Promise<Change<T>>,
): Promise<T> => auditedChange(auditContextOf(request, db, clock), { ...action, asked: { asked } }, change);

async function readDomains(db: pg.Pool, merchantId: number) {
  const [hosts, mirrors] = await Promise.all([merchantDomains(db, merchantId), listMirrors(db, merchantId)]);
  return { hosts, mirrors };
}

export async function brandOperatorRoutes(app: FastifyInstance, { db, clock }: { db: pg.Pool; clock: Clock }): Promise<void> {
  app.get('/brand', {
    schema: apiSchema({
      tags,
      summary: "The brand's settings in one answer: site, account rules, feature switches, registration rules, maintenance, region rules, domains",
      headers: bearerHeader,
      value: brandSchema,
    }),
  }, async (request) => {
    const { merchantId } = operatorOf(request);
    const [site, featureSwitches, rules, hosts] = await Promise.all([
      readBrandSite(db, merchantId),
      listFeatureSwitches(db, merchantId),
      readBrandRules(db, merchantId, clock()),
      merchantDomains(db, merchantId),
    ]);
    return ok({
      ...site,
      featureSwitches,
      registrationRules: rules.registrationRules,
      maintenance: rules.maintenance,
      regionRules: rules.regionRules,
      domains: { hosts, mirrors: rules.mirrors },
    });
  });

  app.put<{ Body: { switches: Record<string, boolean> } }>('/brand/feature-switches', {
    schema: apiSchema({
      tags,
      summary: 'Turn feature switches on or off (only the switches the site reads); answers every switch',
      description: invalidDescription,
      headers: bearerHeader,
      body: {
        type: 'object',
        required: ['switches'],
        additionalProperties: false,
        properties: { switches: { type: 'object', minProperties: 1, additionalProperties: { type: 'boolean' }, description: 'module id → on (true) or off (false)' } },
      },
      value: { type: 'object', required: ['list'], properties: { list: { type: 'array', items: switchSchema } } },
    }),
  }, async (request) => {
    const { merchantId } = operatorOf(request);
    const list = await auditedBrandChange(request, db, clock, { action: 'feature_switch.update', targetType: 'feature_switch' }, request.body.switches, () =>
      setFeatureSwitches(db, merchantId, request.body.switches),
    );
    return ok({ list });
  });

  const LENGTH = { type: 'integer', minimum: 0, maximum: MAX_FIELD_LENGTH } as const;
  app.put<{ Body: { fields: Record<string, RegisterRuleChange> } }>('/brand/registration-rules', {
    schema: apiSchema({
      tags,
      summary: "Change the registration form's field rules: shown, required, shortest and longest (the fields given; patterns stay)",
      description: `${invalidDescription} A field whose presence the registration mode decides (username, password, confirmPassword, verificationCode) takes only its lengths; a password has at least 8 characters and may have 64.`,
      headers: bearerHeader,
      body: {
        type: 'object',
        required: ['fields'],
        additionalProperties: false,
        properties: {
          fields: {
            type: 'object',
            minProperties: 1,
            additionalProperties: {
              type: 'object',
              minProperties: 1,
              additionalProperties: false,
              properties: { enabled: { type: 'boolean' }, required: { type: 'boolean' }, minLength: LENGTH, maxLength: LENGTH },
            },
            description: 'field → the flags and lengths to change',
          },
        },
      },
      value: { type: 'object', required: ['list'], properties: { list: { type: 'array', items: registerRuleSchema } } },
    }),
  }, async (request) => {
    const { merchantId } = operatorOf(request);
    const list = await auditedBrandChange(request, db, clock, { action: 'registration_rule.update', targetType: 'registration_rule' }, request.body.fields, () =>
      setRegisterRules(db, merchantId, request.body.fields),
    );
    return ok({ list });
  });

  app.post<{ Body: MaintenanceInput }>('/brand/maintenance', {
    schema: apiSchema({
      tags,
      summary: 'Schedule a maintenance window: from its start every player sees the maintenance page (the back office stays open)',
      description: invalidDescription,
      headers: bearerHeader,
      body: {
        type: 'object',
        required: ['reason'],
        additionalProperties: false,
        properties: {
          startsAt: { ...EPOCH_MS, description: 'epoch ms; absent: now' },
          endsAt: { type: ['integer', 'null'], minimum: 0, maximum: 4_102_444_800_000, description: 'epoch ms; null or absent: until ended by hand' },
          reason: { type: 'string', minLength: 1, maxLength: 500, description: 'kept for the desk' },
        },
      },
      value: maintenanceSchema,
    }),
  }, async (request) => {
    const { merchantId } = operatorOf(request);
    const window = await auditedBrandChange(request, db, clock, { action: 'maintenance.schedule', targetType: 'maintenance_window' }, request.body, () =>
      scheduleMaintenance(db, merchantId, request.body, clock()),
    );
    return ok(window);
  });

  app.delete<{ Params: { id: number } }>('/brand/maintenance/:id', {
    schema: apiSchema({
      tags,
      summary: 'End a maintenance window now (one in force ends now and is kept; one to come is removed); answers it as it is after, or null',
      description: invalidDescription,
      headers: bearerHeader,
      params: idParams,
      value: { type: 'object', required: ['window'], properties: { window: { ...maintenanceSchema, type: ['object', 'null'] } } },
    }),
  }, async (request) => {
    const { merchantId } = operatorOf(request);
    const { id } = request.params;
    const window = await auditedBrandChange(request, db, clock, { action: 'maintenance.end', targetType: 'maintenance_window', targetId: String(id) }, {}, () =>
      endMaintenance(db, merchantId, id, clock()),
    );
    return ok({ window });
  });

  app.put<{ Body: { rules: RegionRuleInput[] } }>('/brand/region-rules', {
    schema: apiSchema({
      tags,
      summary: 'Replace the region rules: a visitor whose country, address or network matches one sees the restriction page ([] lifts them all)',
      description: invalidDescription,
      headers: bearerHeader,
      body: {
        type: 'object',
        required: ['rules'],
        additionalProperties: false,
        properties: {
          rules: {
            type: 'array',
            maxItems: 1000,
            items: {
              type: 'object',
              required: ['kind', 'value'],
              additionalProperties: false,
              properties: {
                kind: { type: 'string', enum: ['country', 'ip', 'cidr'] },
                value: { type: 'string', minLength: 1, maxLength: 64, description: 'BD; 203.0.113.7; 10.0.0.0/8' },
                note: { type: 'string', maxLength: 200 },
              },
            },
          },
        },
      },
      value: { type: 'object', required: ['list'], properties: { list: { type: 'array', items: regionRuleSchema } } },
    }),
  }, async (request) => {
    const { merchantId } = operatorOf(request);
    const list = await auditedBrandChange(request, db, clock, { action: 'region_rule.replace', targetType: 'region_rule' }, request.body.rules, () =>
      replaceRegionRules(db, merchantId, request.body.rules),
    );
    return ok({ list });
  });

  app.get('/brand/domains', {
    schema: apiSchema({ tags, summary: "The site's host names and mirrors", headers: bearerHeader, value: domainsSchema }),
  }, async (request) => ok(await readDomains(db, operatorOf(request).merchantId)));

  app.post<{ Body: { kind: 'host' | 'mirror'; domain: string } }>('/brand/domains', {
    schema: apiSchema({
      tags,
      summary: 'Add a host name (selects this site) or a mirror (offered to players); answers the domains',
      description: `${invalidDescription} A host name another site holds is refused.`,
      headers: bearerHeader,
      body: {
        type: 'object',
        required: ['kind', 'domain'],
        additionalProperties: false,
        properties: {
          kind: { type: 'string', enum: ['host', 'mirror'] },
          domain: { type: 'string', minLength: 1, maxLength: 253, description: 'host: www.example.com; mirror: https://m1.example.com' },
        },
      },
      value: domainsSchema,
    }),
  }, async (request) => {
    const { merchantId } = operatorOf(request);
    const { kind, domain } = request.body;
    if (kind === 'host') {
      await auditedBrandChange(request, db, clock, { action: 'merchant_domain.create', targetType: 'merchant_domain', targetId: domain }, request.body, () =>
        addMerchantDomain(db, merchantId, domain),
      );
    } else {
      await auditedBrandChange(request, db, clock, { action: 'mirror.create', targetType: 'domain_route' }, request.body, () => addMirror(db, merchantId, domain));
    }
    return ok(await readDomains(db, merchantId));
  });

  app.delete<{ Params: { domain: string } }>('/brand/domains/hosts/:domain', {
    schema: apiSchema({
      tags,
      summary: 'Remove a host name (its visitors then reach the default site); answers the domains',
      description: invalidDescription,
      headers: bearerHeader,
      params: { type: 'object', required: ['domain'], properties: { domain: { type: 'string', minLength: 1, maxLength: 253 } } },
      value: domainsSchema,
    }),
  }, async (request) => {
    const { merchantId } = operatorOf(request);
    const { domain } = request.params;
    await auditedBrandChange(request, db, clock, { action: 'merchant_domain.delete', targetType: 'merchant_domain', targetId: domain }, {}, () =>
      removeMerchantDomain(db, merchantId, domain),
    );
    return ok(await readDomains(db, merchantId));
  });

  app.delete<{ Params: { id: number } }>('/brand/domains/mirrors/:id', {
    schema: apiSchema({ tags, summary: 'Remove a mirror; answers the domains', description: invalidDescription, headers: bearerHeader, params: idParams, value: domainsSchema }),
  }, async (request) => {
    const { merchantId } = operatorOf(request);
    const { id } = request.params;
    await auditedBrandChange(request, db, clock, { action: 'mirror.delete', targetType: 'domain_route', targetId: String(id) }, {}, () => removeMirror(db, merchantId, id));
    return ok(await readDomains(db, merchantId));
  });
}
