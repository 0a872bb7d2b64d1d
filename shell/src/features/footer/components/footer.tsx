import { Button, cdnImageFallback, useT, isWebUrl } from '@platform/shared';
import { useCustomerService } from '../../customer-service/hooks/use-customer-service';
import { findResource, resolveImageUrl, useSiteSettings } from '../../settings/use-site-settings';
import { ProviderStrip } from './provider-strip';
import styles from './footer.module.css';

/** About us, affiliates, responsible gaming, provider icons and copyright. */
export function Footer() {
  const { t } = useT('shell');
  const { site, resources } = useSiteSettings();
  const { openSupport } = useCustomerService();
  const affiliateUrl = findResource(resources, 'AFFILIATELINK')?.url;

  // The affiliate link when the operator configured one, otherwise customer service.
  const startAffiliate = () => {
    if (affiliateUrl && isWebUrl(affiliateUrl)) window.open(affiliateUrl, '_blank', 'noopener,noreferrer');
    else openSupport();
  };

  return (
    <footer className={styles.footer} data-testid="footer">
      <div className={styles.blocks}>
        <section className={styles.block} aria-labelledby="footer-about">
          <h2 id="footer-about" className={styles.heading}>
            {t('footer_about_title')}
          </h2>
          <p className={styles.text}>{site?.footer.aboutUs || t('footer_about_default', { brand: site?.brandName ?? '' })}</p>
        </section>
        <section className={styles.block} aria-labelledby="footer-affiliates">
          <h2 id="footer-affiliates" className={styles.heading}>
            {t('footer_affiliates_title')}
          </h2>
          <p className={styles.text}>{t('footer_affiliates_text')}</p>
          <Button size="sm" onClick={startAffiliate}>
            {t('footer_affiliates_start')}
          </Button>
        </section>
        <section className={styles.block} aria-labelledby="footer-responsible">
          <h2 id="footer-responsible" className={styles.heading}>
            {t('footer_responsible_title')}
          </h2>
          <p className={styles.text}>{site?.footer.responsibleGaming || t('footer_responsible_text')}</p>
          <p className={styles.age}>
            <span className={styles.ageBadge} aria-hidden="true">
              21+
            </span>
            <span>{t('footer_age_notice', { age: 21 })}</span>
          </p>
          {site?.footer.paymentImageUrl && (
            <img
              className={styles.payment}
              src={resolveImageUrl(site.footer.paymentImageUrl, site.imageBaseUrl)}
              alt={t('footer_payment_methods')}
              loading="lazy"
              onError={cdnImageFallback}
            />
          )}
        </section>
      </div>
      <ProviderStrip imageBaseUrl={site?.imageBaseUrl} />
      <p className={styles.agreement}>{t('footer_agreement', { age: 18 })}</p>
      <p className={styles.copyright}>{site?.footer.copyright || `© ${new Date().getFullYear()} ${site?.brandName ?? ''}`.trim()}</p>
    </footer>
  );
}
