import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, Select } from '@backoffice/kit';
import { htmlToText, PROMOTION_LANGUAGES, textsIn, type PromotionLanguage, type Texts } from './promotions-model';
import styles from './promotions.module.css';

const WIDTHS = { phone: 390, desktop: 1200 } as const;
type Width = keyof typeof WIDTHS;

/**
 * How a player reads the promotion in a language: its title and terms as the site picks them (its
 * own words in that language, else the promotion's), in a box as wide as a phone (390 px) or a
 * desktop page. The terms are HTML the site sanitizes before showing; the back office has no
 * sanitizer, so it shows their words as text (nothing in them runs here).
 */
export function PromotionPreview({ promotion }: { promotion: { title: string; content: string; imageUrl: string; texts: Texts } }) {
  const { t } = useTranslation();
  const [language, setLanguage] = useState<PromotionLanguage>('EN');
  const [width, setWidth] = useState<Width>('phone');
  const shown = textsIn(promotion, language);
  const terms = useMemo(() => htmlToText(shown.content), [shown.content]);
  return (
    <section className={styles.preview} aria-label={t('promotions.preview.label')}>
      <div className={styles.previewBar}>
        <Field label={t('promotions.preview.language')}>
          <Select value={language} onChange={(event) => setLanguage(event.target.value as PromotionLanguage)}>
            {PROMOTION_LANGUAGES.map((code) => (
              <option key={code} value={code}>
                {t(`promotions.languages.${code}`)}
                {textsIn(promotion, code).own ? '' : ` – ${t('promotions.preview.fallback')}`}
              </option>
            ))}
          </Select>
        </Field>
        <div className={styles.segmented} role="group" aria-label={t('promotions.preview.width')}>
          {(Object.keys(WIDTHS) as Width[]).map((name) => (
            <button key={name} type="button" aria-pressed={width === name} onClick={() => setWidth(name)}>
              {t(`promotions.preview.${name}`, { px: WIDTHS[name] })}
            </button>
          ))}
        </div>
      </div>
      <div className={styles.previewScroll}>
        <article className={styles.previewFrame} style={{ width: WIDTHS[width] }} data-testid="promotion-preview" data-width={WIDTHS[width]} lang={language.toLowerCase()}>
          <div className={styles.previewImage} title={promotion.imageUrl}>
            {promotion.imageUrl || t('promotions.preview.noImage')}
          </div>
          <h3 className={styles.previewTitle}>{shown.title || t('promotions.preview.noTitle')}</h3>
          <div className={styles.previewTerms} data-testid="promotion-preview-terms">
            {terms || <span className={styles.muted}>{t('promotions.preview.noTerms')}</span>}
          </div>
        </article>
      </div>
      <p className={styles.muted}>{shown.own ? t('promotions.preview.asText') : t('promotions.preview.fallbackNote')}</p>
    </section>
  );
}
