import type { VendorAdapter } from './adapter';
import { inhouseAdapter } from './inhouse';

export type { LaunchOptions, LaunchSession, VendorAdapter } from './adapter';

/** Every adapter by its game_provider.adapter name. */
export const ADAPTERS: ReadonlyMap<string, VendorAdapter> = new Map([[inhouseAdapter.name, inhouseAdapter]]);

export const adapterNamed = (name: string | null | undefined): VendorAdapter | undefined => (name ? ADAPTERS.get(name) : undefined);
