// Editorial content: announcements, banners, promotions, the help centre.
export { contentRoutes, type ContentRoutesOptions } from './content.routes';
export { getFirstBanners } from './content.service';
export { sanitizeHtml } from './sanitize-html';
