// Jest's stand-in for the federation runtime's network edge (jest.config.js maps
// '@module-federation/enhanced/runtime' here): a section's container is its source in this
// checkout, as the build would expose it, instead of a script fetched from the server. What was
// registered is kept so a test can see which releases the host asked for.
import type { SectionModule } from '../kit/section-module';

export const registered: { name: string; entry: string }[] = [];
/** Sections whose next load fails, as a container that cannot be fetched does. */
export const failing = new Set<string>();

export function registerRemotes(remotes: { name: string; entry: string }[]): void {
  registered.push(...remotes);
}

export async function loadRemote<T>(id: string): Promise<T> {
  const container = id.split('/')[0];
  if (failing.has(container)) {
    failing.delete(container);
    throw new Error(`${container} could not be fetched`);
  }
  const section = container.replace(/^bo_/, '').replace(/_/g, '-');
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const module = require(`../features/${section}/section`) as { default: SectionModule };
  return module as T;
}
