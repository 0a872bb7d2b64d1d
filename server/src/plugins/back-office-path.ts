// Where the operator back office lives (plugins/back-office.ts serves it): apart from the
// serving code, so that the security headers and the repository's checks can read it alone.

/** Where the back office is served (apps.json mountPath); the operator API is under it too (/ops/v1). */
export const BACK_OFFICE_PATH = '/ops';
/** Its folder under the static root (dist/). */
export const BACK_OFFICE_FOLDER = 'backoffice';

/** A path of the back office or its API: what only the operator listener answers. */
export const isBackOfficePath = (urlPath: string): boolean => urlPath === BACK_OFFICE_PATH || urlPath.startsWith(`${BACK_OFFICE_PATH}/`);
