import type { MaintenanceRefusal, RegionRefusal } from '@platform/contract';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../config';
import { ConfigCache } from '../../db/config-cache';
import type { Db } from '../../db/pool';
import { AppError } from '../../http/envelope';
import { clientIpOf } from '../../http/request-context';
import { merchantOf } from '../../plugins/merchant';
import type { CountryDatabase } from './country-database';
import { getSiteState } from './system.service';
import { locateVisitor } from './visitor-location';

// Maintenance and region restriction, enforced by the server: while
// the merchant is under maintenance, or for a visitor its region rules match, every route of the
// merchant scope is refused unless its config says it stays available:
//
//   (nothing)                          refused: 503 system_under_maintenance during maintenance
//                                      (value.content.data.{maintainTime,endTime}),
//                                      else 403 region_restricted for a restricted visitor
//                                      (value.{ip,country}, what the restriction page shows)
//   config: { availability: 'always' } answers anyway: what the maintenance and restriction pages
//                                      need to render (status, site configuration, the remotes),
//                                      logout, and the member's live chat (modules/chat), which
//                                      their "contact us" opens
//
// Refused by default, like the access rules (session/authentication.ts), so that a new login,
// money or game route cannot forget it. Checked before the session is looked up: a closed site
// answers the same whoever calls.

export type SiteAvailability = 'always' | 'whileOpen';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** 'always': answers during maintenance and to restricted visitors; absent: only while the site is open to the caller. */
    availability?: SiteAvailability;
  }
}

/** A route config's availability, closed by default. */
export const availabilityOf = (config: { availability?: SiteAvailability }): SiteAvailability => config.availability ?? 'whileOpen';

export interface SiteAccessOptions {
  db: Db;
  clock: Clock;
  countries: CountryDatabase;
}

/** Adds the check to `scope`, after merchant resolution and before authentication (hooks run in registration order). */
export function useSiteAccess(scope: FastifyInstance, { db, clock, countries }: SiteAccessOptions): void {
  const cache = new ConfigCache();
  scope.addHook('onRequest', async (request) => {
    if (availabilityOf(request.routeOptions.config) === 'always') return;
    const merchant = merchantOf(request);
    const visitor = await locateVisitor(db, merchant, clientIpOf(request), countries, cache);
    const state = await getSiteState(db, merchant, visitor, clock(), cache, {
      onInvalidRegionRule: (rule) => request.log.warn({ rule }, 'unparseable region rule skipped'),
    });
    if (state.maintenance) {
      const value: MaintenanceRefusal = {
        content: { data: { maintainTime: state.maintenance.startsAt.getTime(), endTime: state.maintenance.endsAt?.getTime() ?? null } },
      };
      throw new AppError(503, 'system_under_maintenance', {}, value);
    }
    if (state.regionRestricted) {
      const value: RegionRefusal = { ip: visitor.ip, country: visitor.country };
      throw new AppError(403, 'region_restricted', {}, value);
    }
  });
}
