import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, NavLink, Route, Routes } from 'react-router';
import { LANGUAGES, rememberLanguage, type Language } from '../i18n/i18n';
import { Button, Select } from '../ui/ui';
import styles from './layout.module.css';
import { sectionsFor } from './sections';
import { useBackOffice } from './session-context';

/** The signed-in frame: the sections the role may use, who is signed in, the language, sign-out. */
export function Layout() {
  const { t, i18n } = useTranslation();
  const { session, signOut } = useBackOffice();
  const sections = sectionsFor(session.permissions);
  const changeLanguage = (language: Language) => {
    rememberLanguage(language);
    void i18n.changeLanguage(language);
  };
  return (
    <div className={styles.frame}>
      <nav className={styles.nav} aria-label={t('nav.label')}>
        <p className={styles.brand}>{t('backOffice')}</p>
        {sections.map((section) => (
          <NavLink key={section.path} to={`/${section.path}`} className={styles.link}>
            {t(section.label)}
          </NavLink>
        ))}
      </nav>
      <div className={styles.main}>
        <header className={styles.top}>
          <span className={styles.who} data-testid="operator">
            {t('signedInAs', { name: session.operator.username, role: t(`role.${session.operator.role}`, { defaultValue: session.operator.role }), merchant: session.operator.merchantCode })}
          </span>
          <Select aria-label={t('language')} value={i18n.language} onChange={(event) => changeLanguage(event.target.value as Language)}>
            {LANGUAGES.map((language) => (
              <option key={language.code} value={language.code}>
                {language.label}
              </option>
            ))}
          </Select>
          <Button variant="secondary" onClick={signOut}>
            {t('signOut')}
          </Button>
        </header>
        <main className={styles.content}>
          <Suspense fallback={<p role="status">{t('loading')}</p>}>
            <Routes>
              {sections.map((section) => (
                <Route key={section.path} path={`/${section.path}`} element={<section.Page />} />
              ))}
              <Route path="*" element={sections.length > 0 ? <Navigate to={`/${sections[0].path}`} replace /> : <p>{t('noSections')}</p>} />
            </Routes>
          </Suspense>
        </main>
      </div>
    </div>
  );
}

/** A section's heading (each page starts with one). */
export function PageTitle({ children }: { children: string }) {
  return <h1 className={styles.title}>{children}</h1>;
}
