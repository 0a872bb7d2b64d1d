// The remotes the shell knows how to place. What URL each one is loaded from is decided at run
// time by /remotes.json, never at build time.
import type { RemoteName } from '@platform/remote-types';

export type { RemoteName };

// Every remote of the interface (@platform/remote-types), each once: the record fails the
// type-check for a remote it lacks and for a name the interface does not know.
const EVERY_REMOTE: Record<RemoteName, true> = { mfe_auth: true, mfe_lobby: true, mfe_lottery: true, mfe_member_center: true, mfe_agent_center: true };
export const REMOTE_NAMES = Object.keys(EVERY_REMOTE) as RemoteName[];
