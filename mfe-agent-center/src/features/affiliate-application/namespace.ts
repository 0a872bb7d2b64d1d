/**
 * The namespace of the affiliate application's strings. Apart from translations.ts so that the
 * overlay can name the page without fetching the strings before a player opens it.
 */
export const NAMESPACE = 'acAffiliateApplication';
