// Which micro-frontend build each remote loads (the shell's runtime manifest list).
export { remotesRoutes, type RemotesRoutesOptions } from './remotes.routes';
