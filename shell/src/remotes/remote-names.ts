// The remotes the shell knows how to place. What URL each one is loaded from is decided at run
// time by /remotes.json, never at build time.
import type { ExposedModuleName, RemoteName, RoutePageRef } from '@platform/remote-types';

export type { RemoteName };

// Every remote of the interface (@platform/remote-types), each once: the record fails the
// type-check for a remote it lacks and for a name the interface does not know.
const EVERY_REMOTE: Record<RemoteName, true> = { mfe_auth: true, mfe_lobby: true, mfe_lottery: true, mfe_member_center: true, mfe_agent_center: true };
export const REMOTE_NAMES = Object.keys(EVERY_REMOTE) as RemoteName[];

/** One remote's route pages: its exposed modules placed with RoutePageProps. */
export type RoutePageOf<Remote extends RemoteName> = Extract<RoutePageRef, { remote: Remote }>['module'];

/** One remote's exposed modules that are not route pages (placed with other props: a popup, an overlay). */
type OtherModuleOf<Remote extends RemoteName> = Exclude<ExposedModuleName<Remote>, RoutePageOf<Remote>>;

// The interface's modules that are not route pages, per remote: a route may never place one (it
// would get a route page's props). The record fails the type-check for one it lacks.
const OTHER_MODULES: { [Remote in RemoteName]: Record<OtherModuleOf<Remote>, true> } = {
  mfe_auth: { './LoginModal': true },
  mfe_lobby: {},
  mfe_lottery: {},
  mfe_member_center: { './MemberCenter': true },
  mfe_agent_center: { './AgentCenter': true },
};

/** How a remote names an exposed module (apps.json "exposes"): './' and a component's name. */
const EXPOSED_MODULE_NAME = /^\.\/[A-Z][A-Za-z0-9]*$/;

/**
 * `module` as a route page of `remote`, or undefined when it cannot be one: a module the interface
 * knows as something else (a popup, an overlay), or no exposed module's name. A module the
 * interface does not know yet is taken as a route page: a remote released after this shell may
 * bring a page of its own (the interface says every route page takes RoutePageProps, and the remote
 * checks its modules against the interface's newer version in its src/exposes.ts); if the remote
 * does not expose it, its slot shows the unavailable panel, as for any module that fails to load.
 */
export function routePage(remote: RemoteName, module: string): RoutePageRef | undefined {
  const known = (table: Record<string, true>) => Object.prototype.hasOwnProperty.call(table, module);
  if (known(OTHER_MODULES[remote]) || !EXPOSED_MODULE_NAME.test(module)) return undefined;
  // TypeScript cannot pair remote and module through the union: RoutePageRef holds them together.
  return { remote, module } as RoutePageRef;
}
