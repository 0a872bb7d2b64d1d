import { applyTheme, useBusState, useT } from '@platform/shared';
import { useEffect } from 'react';
import styles from './theme-switch.module.css';

/** The theme is set to light when the header mounts, once per page load. */
let lightThemeApplied = false;

export function resetThemeSwitchForTests(): void {
  lightThemeApplied = false;
}

/** Dark/light switch; the theme travels on the bus so every app follows it. */
export function ThemeSwitch() {
  const { t } = useT('shell');
  const theme = useBusState('theme');

  useEffect(() => {
    if (lightThemeApplied) return;
    lightThemeApplied = true;
    applyTheme('light');
  }, []);

  const toggle = () => {
    // applyTheme also publishes the theme on the bus, so every app follows.
    applyTheme(theme === 'dark' ? 'light' : 'dark');
  };

  return (
    <button type="button" role="switch" aria-checked={theme === 'dark'} aria-label={t('theme_dark')} className={styles.switch} onClick={toggle}>
      <span className={styles.track} aria-hidden="true">
        <span className={styles.thumb}>{theme === 'dark' ? '☾' : '☀'}</span>
      </span>
    </button>
  );
}
