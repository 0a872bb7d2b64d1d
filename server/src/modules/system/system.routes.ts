import {
  countriesCall,
  domainRouteCall,
  registerSettingsCall,
  systemStatusCall,
  whitelabelCall,
} from '@platform/shared/contract';
import type { FastifyInstance } from 'fastify';
import { ConfigCache } from '../../db/config-cache';
import type { Db } from '../../db/pool';
import { ok } from '../../http/envelope';
import { apiSchema, type RouteOf } from '../../http/schemas';
import { merchantOf } from '../../plugins/merchant';
import * as system from './system.service';

export interface SystemRoutesOptions {
  db: Db;
}

const tags = ['system'];

export async function systemRoutes(app: FastifyInstance, { db }: SystemRoutesOptions): Promise<void> {
  // Every page load asks for the status: its configuration is read once per config revision.
  const configCache = new ConfigCache();
  app.get<RouteOf<typeof systemStatusCall> & { Headers: { 'x-country-code'?: string } }>(
    '/wps/system/status',
    {
      config: { auth: 'public' },
      schema: apiSchema({
        tags,
        summary: 'Site status and configuration for the current visitor',
        description:
          'Maintenance and region restriction decide the root view (1 maintenance, else 2 restricted, else 0); ' +
          'info carries everything the front end needs before rendering.',
        call: systemStatusCall,
        headers: {
          'x-country-code': {
            type: 'string',
            pattern: '^[A-Za-z0-9]{2}$',
            description: "two-letter country code of the visitor, set by the edge proxy (XX = unknown)",
          },
        },
      }),
    },
    async (request) => {
      const reported = request.headers['x-country-code']?.toUpperCase();
      const status = await system.getSystemStatus(
        db,
        merchantOf(request),
        { ip: request.ip, country: reported && reported !== 'XX' ? reported : null },
        { onInvalidRegionRule: (rule) => request.log.warn({ rule }, 'unparseable region rule skipped') },
        configCache,
      );
      return ok(status);
    },
  );

  app.get('/wps/system/whitelabel', {
    config: { auth: 'public' },
    schema: apiSchema({ tags, summary: 'Whitelabel feature switches', call: whitelabelCall }),
  }, async (request) => ok(await system.getWhitelabel(db, merchantOf(request))));

  app.get('/wps/system/domainRoute', {
    config: { auth: 'public' },
    schema: apiSchema({ tags, summary: 'Mirror domains of the site', call: domainRouteCall }),
  }, async (request) => ok(await system.getDomainRoutes(db, merchantOf(request))));

  app.get('/wps/system/country', {
    config: { auth: 'public' },
    schema: apiSchema({ tags, summary: 'Countries and dialling codes for the phone-number picker', call: countriesCall }),
  }, async (request) => ok(await system.getCountries(db, merchantOf(request))));

  app.get('/wps/system/setting/register', {
    config: { auth: 'public' },
    schema: apiSchema({ tags, summary: 'Registration field rules', call: registerSettingsCall }),
  }, async (request) => ok(await system.getRegisterRules(db, merchantOf(request))));
}
