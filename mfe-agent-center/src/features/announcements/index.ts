// Announcements (legacy page agentAnnouncement): the merchant's announcements for agents,
// newest first, each opened in place to read its content (server HTML, sanitized again here).
export { default } from './announcements-page';
export { translationsLoaded } from './translations';
