// Which micro-frontend build each remote loads (the shell's runtime manifest list).
export { remotesRoutes, type RemotesRoutesOptions } from './remotes.routes';
// The origins remote code may come from: the registry's allowed origins and REMOTE_OVERRIDES'.
export { overrideOrigins, remoteOrigins } from './remotes.service';
