// Editorial content: announcements, banners, promotions, the help centre.
export { contentRoutes, type ContentRoutesOptions } from './content.routes';
export { contentOperatorRoutes } from './content.operator-routes';
export { contentMessages } from './content.messages';
export { getFirstBanners } from './content.service';
export { sanitizeHtml } from './sanitize-html';
