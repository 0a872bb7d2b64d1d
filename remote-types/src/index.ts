// The shell–remote interface: what each remote exposes (apps.json "exposes"), the props the shell
// places each module with, and the ready protocol. Types only: the shell imports them to place a
// remote (shell/src/remotes), each remote checks its exposed modules against them (its
// src/exposes.ts), so a change of props on either side fails the type-check instead of the page.
//
// Versioning (CHANGELOG.md): a new remote or a new exposed module is a minor version; a new
// optional prop too; a new required prop, a removed module or a changed prop is a major one: a
// shell and a remote released against different majors cannot be assumed to fit.
import type { ComponentType } from 'react';
import type { AgentCenterPage, LoginTab, MemberCenterPage } from '@platform/shared';

/**
 * An exposed module. `default` is the component the shell renders. `ready`, when exported, is what
 * the component needs before it first renders (its strings in the language in use, fetched per
 * language): the shell awaits it before placing the component, and a `ready` that fails makes the
 * remote unavailable (its slot offers a retry).
 */
export interface ExposedModule<Props extends object> {
  default: ComponentType<Props>;
  ready?: Promise<unknown>;
}

/** What the shell hands every route page: the id of the route it was placed on. */
export interface RoutePageProps {
  routeId: string;
}

/** The login popup: the tab it opens on; onClose when it and what followed it are done. */
export interface LoginModalProps {
  tab: LoginTab;
  onClose: () => void;
}

/** A centre overlay: the page it opens on; onClose when the player closes it. */
export interface CentreOverlayProps<Page extends string> {
  page: Page;
  onClose: () => void;
}

/** Every remote's exposed modules, by the remote's federation name and the module's exposed path. */
export interface RemoteExposes {
  mfe_auth: {
    './LoginModal': ExposedModule<LoginModalProps>;
    './LoginPage': ExposedModule<RoutePageProps>;
    './RegisterPage': ExposedModule<RoutePageProps>;
  };
  mfe_lobby: {
    './DownloadPage': ExposedModule<RoutePageProps>;
    './GameCategoryPage': ExposedModule<RoutePageProps>;
    './GameFramePage': ExposedModule<RoutePageProps>;
    './HelpPage': ExposedModule<RoutePageProps>;
    './HomePage': ExposedModule<RoutePageProps>;
    './PointMallPage': ExposedModule<RoutePageProps>;
    './PromotionsPage': ExposedModule<RoutePageProps>;
    './SeamlessPage': ExposedModule<RoutePageProps>;
  };
  mfe_lottery: {
    './LotteryPage': ExposedModule<RoutePageProps>;
    './VnLotteryPage': ExposedModule<RoutePageProps>;
  };
  mfe_member_center: {
    './MemberCenter': ExposedModule<CentreOverlayProps<MemberCenterPage>>;
  };
  mfe_agent_center: {
    './AgentCenter': ExposedModule<CentreOverlayProps<AgentCenterPage>>;
  };
}

export type RemoteName = keyof RemoteExposes;

/** The exposed module paths of one remote ('./HomePage', …). */
export type ExposedModuleName<Remote extends RemoteName> = keyof RemoteExposes[Remote] & string;

/** The props the shell places one exposed module with. */
export type PropsOf<Remote extends RemoteName, Module extends ExposedModuleName<Remote>> =
  RemoteExposes[Remote][Module] extends ExposedModule<infer Props> ? Props : never;

/** A remote's exposed module that is a route page (placed with RoutePageProps). */
export type RoutePageRef = {
  [Remote in RemoteName]: {
    remote: Remote;
    module: { [Module in ExposedModuleName<Remote>]: PropsOf<Remote, Module> extends RoutePageProps ? Module : never }[ExposedModuleName<Remote>];
  };
}[RemoteName];

/**
 * A remote's check of its own exposed modules (its src/exposes.ts): `Modules` maps each exposed
 * path to `typeof import(the module)`, and fails the type-check unless it is exactly the remote's
 * entry here (every module present, each exporting the component and `ready` it must).
 */
export type CheckedExposes<Remote extends RemoteName, Modules extends RemoteExposes[Remote] & Record<Exclude<keyof Modules, ExposedModuleName<Remote>>, never>> = Modules;
