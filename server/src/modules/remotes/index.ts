// Which micro-frontend build each remote loads (the shell's runtime manifest list).
export { remotesRoutes, type RemotesRoutesOptions } from './remotes.routes';
// The origins remote code may come from: the registry's allowed origins and REMOTE_OVERRIDES'.
export { overrideOrigins, remoteOrigins } from './remotes.service';
// The operators' releases, roll-out and roll-back, and their codes' texts.
export { RELEASE_VERSION_PATTERN, REMOTE_NAME_PATTERN, remotesOperatorRoutes } from './remotes.operator-routes';
export { remotesMessages } from './remotes.messages';
// The back office's separately released sections: what each merchant's operators load, and pinning a release.
export { SECTION_NAME_PATTERN } from './backoffice-sections';
export { backOfficeSectionsOperatorRoutes } from './backoffice-sections.operator-routes';
