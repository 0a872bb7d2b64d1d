// The remotes the shell knows how to place. What URL each one is loaded from is decided at run
// time by /remotes.json, never at build time.
import type { RemoteName, RoutePageRef } from '@platform/remote-types';

export type { RemoteName };

// Every remote of the interface (@platform/remote-types), each once: the record fails the
// type-check for a remote it lacks and for a name the interface does not know.
const EVERY_REMOTE: Record<RemoteName, true> = { mfe_auth: true, mfe_lobby: true, mfe_lottery: true, mfe_member_center: true, mfe_agent_center: true };
export const REMOTE_NAMES = Object.keys(EVERY_REMOTE) as RemoteName[];

/** One remote's route pages: its exposed modules placed with RoutePageProps. */
export type RoutePageOf<Remote extends RemoteName> = Extract<RoutePageRef, { remote: Remote }>['module'];

// Every route page of the interface, per remote, at run time (the interface is types only): what a
// remote's routes may place. The record fails the type-check for a route page it lacks and for a
// module that is not one.
const ROUTE_PAGES: { [Remote in RemoteName]: Record<RoutePageOf<Remote>, true> } = {
  mfe_auth: { './LoginPage': true, './RegisterPage': true },
  mfe_lobby: {
    './DownloadPage': true,
    './GameCategoryPage': true,
    './GameFramePage': true,
    './HelpPage': true,
    './HomePage': true,
    './PointMallPage': true,
    './PromotionsPage': true,
    './SeamlessPage': true,
  },
  mfe_lottery: { './LotteryPage': true, './VnLotteryPage': true },
  mfe_member_center: {},
  mfe_agent_center: {},
};

/** `module` as a route page of `remote` (undefined: the interface knows no such route page of it). */
export function routePage(remote: RemoteName, module: string): RoutePageRef | undefined {
  // The check above is what pairs the two; TypeScript cannot see it through the union.
  return Object.prototype.hasOwnProperty.call(ROUTE_PAGES[remote], module) ? ({ remote, module } as RoutePageRef) : undefined;
}
