// The remotes the shell knows how to place. What URL each one is loaded from is decided at run
// time by /remotes.json, never at build time.
export const REMOTE_NAMES = ['mfe_auth', 'mfe_lobby', 'mfe_lottery', 'mfe_member_center', 'mfe_agent_center'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];
