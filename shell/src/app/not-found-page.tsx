import { Button, useNavigate, useT } from '@platform/shared';
import styles from './not-found-page.module.css';

export function NotFoundPage() {
  const { t } = useT('shell');
  const navigate = useNavigate();
  return (
    <section className={styles.page} data-testid="not-found-page">
      <h1>{t('not_found_title')}</h1>
      <p>{t('not_found_text')}</p>
      <Button onClick={() => navigate('/')}>{t('not_found_home')}</Button>
    </section>
  );
}
