// The pure game math of the in-house games (@platform/inhouse-games):
// one engine for the server, the bench and the browser's verification page. This module imports
// it here only. Node runs its compiled copy (inhouse-games/dist, built with the server by
// tsc -b); tests and type-checks read the sources.
export * from '@platform/inhouse-games';
