import { LANGUAGE_OPTIONS, setLanguage, useBusState, useT } from '@platform/shared';
import { useId, useMemo } from 'react';
import { useSiteSettings } from '../../settings/use-site-settings';
import { NavIcon } from './nav-icon';
import styles from './side-bar.module.css';

/** The site's languages (only shown when there is more than one), in the shared option list. */
export function LanguageSwitcher() {
  const { t } = useT('shell');
  const id = useId();
  const { site } = useSiteSettings();
  const current = useBusState('language');
  const options = useMemo(() => {
    const allowed = new Set((site?.languages ?? []).map((code) => code.toUpperCase()));
    return LANGUAGE_OPTIONS.filter((option) => allowed.has(option.code.toUpperCase()));
  }, [site?.languages]);

  if ((site?.languages.length ?? 0) <= 1 || options.length <= 1) return null;

  return (
    <div className={styles.language} data-testid="language-switcher">
      <label htmlFor={id} className={styles.languageLabel}>
        <NavIcon name="language" />
        <span className={styles.label}>{t('nav_language')}</span>
      </label>
      <select id={id} className={styles.select} value={current.toUpperCase()} onChange={(event) => void setLanguage(event.target.value)}>
        {options.map((option) => (
          <option key={option.code} value={option.code.toUpperCase()} lang={option.code.toLowerCase()}>
            {option.nativeName}
          </option>
        ))}
      </select>
    </div>
  );
}
