import {
  countriesCall,
  domainRouteCall,
  registerSettingsCall,
  systemStatusCall,
  whitelabelCall,
} from '@platform/contract';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../config';
import { ConfigCache } from '../../db/config-cache';
import type { Db } from '../../db/pool';
import { CachedAnswers } from '../../http/cached-answer';
import { ok } from '../../http/envelope';
import { clientIpOf } from '../../http/request-context';
import { apiSchema, type RouteOf } from '../../http/schemas';
import { merchantOf } from '../../plugins/merchant';
import type { CountryDatabase } from './country-database';
import * as system from './system.service';
import { locateVisitor } from './visitor-location';

export interface SystemRoutesOptions {
  db: Db;
  clock: Clock;
  /** Resolves the visitor's country from their address (the server's own database, never a client header). */
  countries: CountryDatabase;
}

const tags = ['system'];

export async function systemRoutes(app: FastifyInstance, { db, clock, countries }: SystemRoutesOptions): Promise<void> {
  // Every page load asks for the status: its configuration is read once per config revision.
  const configCache = new ConfigCache();
  // ... and its bytes (serialised, compressed) once per revision and visitor state.
  const answers = new CachedAnswers();
  app.get<RouteOf<typeof systemStatusCall>>(
    '/wps/system/status',
    {
      // The maintenance and restriction pages are chosen from this answer.
      config: { auth: 'public', availability: 'always' },
      schema: apiSchema({
        tags,
        summary: 'Site status and configuration for the current visitor',
        description:
          'Maintenance and region restriction decide the root view (1 maintenance, else 2 restricted, else 0); ' +
          'info carries everything the front end needs before rendering. location.country is resolved by the ' +
          "server from the caller's address (operator overrides, then an offline country database); no client header is read.",
        call: systemStatusCall,
      }),
    },
    async (request, reply) => {
      const merchant = merchantOf(request);
      const visitor = await locateVisitor(db, merchant, clientIpOf(request), countries, configCache);
      const status = await system.getSystemStatus(
        db,
        merchant,
        visitor,
        clock(),
        { onInvalidRegionRule: (rule) => request.log.warn({ rule }, 'unparseable region rule skipped') },
        configCache,
      );
      // Everything but the info (configuration, fixed within a revision) is in the key.
      const { location, maintenance, maintenanceEnd, regionRestriction } = status;
      const key = JSON.stringify([merchant.id, location.ip, location.country, maintenance, maintenanceEnd, regionRestriction]);
      return answers.send(request, reply, merchant.configRevision, key, () => ok(status));
    },
  );

  app.get('/wps/system/whitelabel', {
    config: { auth: 'public', availability: 'always' },
    schema: apiSchema({ tags, summary: 'Whitelabel feature switches', call: whitelabelCall }),
  }, async (request, reply) => {
    const merchant = merchantOf(request);
    // The same cached switches the status carries.
    const whitelabel = await configCache.get(merchant, 'whitelabel', () => system.getWhitelabel(db, merchant));
    return answers.send(request, reply, merchant.configRevision, `whitelabel:${merchant.id}`, () => ok(whitelabel));
  });

  app.get('/wps/system/domainRoute', {
    config: { auth: 'public', availability: 'always' },
    schema: apiSchema({ tags, summary: 'Mirror domains of the site', call: domainRouteCall }),
  }, async (request) => ok(await system.getDomainRoutes(db, merchantOf(request))));

  app.get('/wps/system/country', {
    config: { auth: 'public', availability: 'always' },
    schema: apiSchema({ tags, summary: 'Countries and dialling codes for the phone-number picker', call: countriesCall }),
  }, async (request) => ok(await system.getCountries(db, merchantOf(request))));

  app.get('/wps/system/setting/register', {
    config: { auth: 'public' },
    schema: apiSchema({ tags, summary: 'Registration field rules', call: registerSettingsCall }),
  }, async (request) => ok(await system.getRegisterRules(db, merchantOf(request))));
}
