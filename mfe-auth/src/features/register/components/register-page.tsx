import { bus, Link, PageScaffold, useT } from '@platform/shared';
import { useCallback } from 'react';
import { NAMESPACE } from '../../../locales';
import { useCompleteRegistration } from '../hooks/use-complete-registration';
import { useNewPlayerPromotions } from '../hooks/use-new-player-promotions';
import { PromotionSlider } from './promotion-slider';
import { RegisterForm } from './register-form';
import styles from './register-page.module.css';

/** /register and /register.html: heading, a way home, new-player promotions and the form. */
export default function RegisterPage() {
  const { t } = useT(NAMESPACE);
  const promotions = useNewPlayerPromotions();
  const completeRegistration = useCompleteRegistration(useCallback(() => undefined, []));
  return (
    <PageScaffold title={t('register_title')} remote={__APP_NAME__} version={__APP_VERSION__}>
      <div className={styles.page}>
        <Link to="/" className={styles.home} data-testid="register-home">
          {t('back_home')}
        </Link>
        <PromotionSlider promotions={promotions} />
        <div className={styles.card}>
          <RegisterForm onRegistered={completeRegistration} onLogin={() => bus.dispatch({ type: 'openLogin', tab: 'login' })} />
        </div>
      </div>
    </PageScaffold>
  );
}
