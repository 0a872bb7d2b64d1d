import { loadRemote } from '@module-federation/enhanced/runtime';
import type { ExposedModule, ExposedModuleName, PropsOf } from '@platform/remote-types';
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
export async function loadRemoteComponent<R extends RemoteName, M extends ExposedModuleName<R>>(
  remote: R,
  exposed: M,
): Promise<{ default: ComponentType<PropsOf<R, M>> }> {
  if (!getRegisteredRemote(remote)) throw new RemoteUnavailableError(remote, exposed);
  // What arrives is another build's module: its shape is the interface's promise, checked where it
  // is built (the remote's src/exposes.ts), and `default` is checked again here.
  let loaded: Partial<ExposedModule<PropsOf<R, M>>> | null;
  try {
    loaded = await loadRemote<Partial<ExposedModule<PropsOf<R, M>>>>(`${remote}/${exposed.replace(/^\.\//, '')}`);
    // The ready protocol (ExposedModule): what the component needs before it renders (its strings
    // in the language in use, fetched per language). Failing, the remote is unavailable.
    await loaded?.ready;
  } catch (error) {
    throw new RemoteUnavailableError(remote, exposed, error);
  }
  if (!loaded?.default) throw new RemoteUnavailableError(remote, exposed);
  return { default: loaded.default };
}
