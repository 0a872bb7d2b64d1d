import type { Db } from '../../db/pool';
import { resolveLanguage, type MessageLanguage } from '../../i18n/messages';

/**
 * The language of a message: the caller's `Language` header when there is a caller, else the
 * member's chosen language, else the site's default language.
 */
export async function messageLanguage(
  db: Db,
  merchantId: number,
  requested: string | undefined,
  memberLanguage: string | null = null,
): Promise<MessageLanguage> {
  if (requested) return resolveLanguage(requested);
  if (memberLanguage) return resolveLanguage(memberLanguage);
  const site = await db.query<{ language: string | null }>(
    `SELECT value ->> 'defaultLanguage' AS language FROM merchant_setting WHERE merchant_id = $1 AND key = 'site'`,
    [merchantId],
  );
  return resolveLanguage(site.rows[0]?.language ?? undefined);
}
