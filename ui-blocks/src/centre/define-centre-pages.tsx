import type { ModuleName } from '@platform/contract';
import { lazy, type ComponentType } from 'react';

/** What every page of a centre receives from the overlay. */
export interface CentrePageProps<K extends string> {
  /** Opens another page of the centre (a link from one page to another). */
  openPage: (page: K) => void;
}

/**
 * A page's module: the page component, and the promise of its own translation sets (each feature
 * has its own namespace, fetched per language).
 */
export interface CentrePageModule<K extends string> {
  default: ComponentType<CentrePageProps<K>>;
  translationsLoaded: Promise<void>;
}

export type CentrePageComponent<K extends string> = ComponentType<CentrePageProps<K>> & {
  /** Forgets a failed fetch of the page, so that it is fetched again when next shown. */
  retry?: () => void;
};

/**
 * A page fetched when first opened, shown once its strings in the language in use are there.
 * `retry` starts a new fetch after a failed one: React.lazy keeps a failure for good, so the
 * overlay's retry would otherwise show the same failure again.
 */
export function lazyCentrePage<K extends string>(load: () => Promise<CentrePageModule<K>>): CentrePageComponent<K> {
  const fetchPage = () =>
    lazy(async () => {
      const module = await load();
      await module.translationsLoaded;
      return module;
    });
  let Fetched = fetchPage();
  const CentrePage: CentrePageComponent<K> = (props) => <Fetched {...props} />;
  CentrePage.retry = () => {
    Fetched = fetchPage();
  };
  return CentrePage;
}

/** One page of a centre. */
export interface CentrePageDefinition<K extends string, C> {
  /** The page's own chunk (a dynamic import of its feature). */
  load: () => Promise<CentrePageModule<K>>;
  /** A page only some members see: whether the menu's context allows it (the server enforces the same rule). Without it, everyone's. */
  visible?: (context: C) => boolean;
}

export interface CentreDefinition<K extends string, C> {
  /** The menu's order: the contract's page keys (`@platform/contract`), of which only the pages defined here are listed. */
  order: readonly K[];
  pages: Partial<Record<K, CentrePageDefinition<K, C>>>;
  /** The pages' whitelabel switches (the contract's): a page is listed while one of its switches is on; a page without any always. */
  switches?: Partial<Record<K, readonly ModuleName[]>>;
  /** Reads a switch in the menu's context (the contract's `switchReader`); without it no switched page is listed. */
  isOn?: (context: C, name: ModuleName) => boolean;
}

export interface CentrePages<K extends string, C> {
  /** Each page that exists, by key, fetched when first opened. */
  components: Partial<Record<K, CentrePageComponent<K>>>;
  /** The menu: the pages that exist, are switched on and that this context may see, in the contract's order. */
  visiblePages: (context: C) => K[];
}

/**
 * A centre's pages, one line each: its key, its chunk, and who sees it. The menu lists them in
 * the contract's order, so a remote released with a new page shows it under an older shell.
 */
export function defineCentrePages<K extends string, C>({ order, pages, switches, isOn }: CentreDefinition<K, C>): CentrePages<K, C> {
  const components: Partial<Record<K, CentrePageComponent<K>>> = {};
  for (const key of Object.keys(pages) as K[]) {
    const page = pages[key];
    if (page) components[key] = lazyCentrePage(page.load);
  }
  const switchedOn = (key: K, context: C): boolean => {
    const names = switches?.[key];
    return names === undefined || (isOn !== undefined && names.some((name) => isOn(context, name)));
  };
  return {
    components,
    visiblePages: (context) => order.filter((key) => components[key] !== undefined && switchedOn(key, context) && (pages[key]?.visible?.(context) ?? true)),
  };
}
