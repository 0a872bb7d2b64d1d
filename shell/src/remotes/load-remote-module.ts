import { loadRemote } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import { getRegisteredRemote } from './remote-registry';
import type { RemoteName } from './remote-names';

export class RemoteUnavailableError extends Error {
  constructor(
    readonly remote: RemoteName,
    readonly exposed: string,
    cause?: unknown,
  ) {
    super(`Remote ${remote} (${exposed}) is unavailable`, { cause });
    this.name = 'RemoteUnavailableError';
  }
}

/**
 * The one place that asks the federation runtime for a remote component (Jest mocks this
 * module: it cannot resolve federated ids).
 */
export async function loadRemoteComponent<P>(remote: RemoteName, exposed: string): Promise<{ default: ComponentType<P> }> {
  if (!getRegisteredRemote(remote)) throw new RemoteUnavailableError(remote, exposed);
  let loaded: { default?: ComponentType<P>; ready?: Promise<unknown> } | null;
  try {
    loaded = await loadRemote<{ default?: ComponentType<P>; ready?: Promise<unknown> }>(`${remote}/${exposed.replace(/^\.\//, '')}`);
    // An exposed module may export `ready`: what its component needs before it renders (its
    // strings in the language in use, fetched per language). Failing, the remote is unavailable.
    await loaded?.ready;
  } catch (error) {
    throw new RemoteUnavailableError(remote, exposed, error);
  }
  if (!loaded?.default) throw new RemoteUnavailableError(remote, exposed);
  return { default: loaded.default };
}
