import { api, useCall, useT } from '@platform/shared';
import { customerRebateSettingCall, type RebateCategory } from '@platform/contract';
import { percentText } from './bonus-api';
import styles from './bonus-details.module.css';
import { NAMESPACE } from './translations';

// The member's own daily betting rebate rate of each product type (its VIP level's), from the
// quiet MCS2_getCustomerRebateSettingByProductType: without an answer the section is left out.

const ORDER: readonly RebateCategory[] = ['lott', 'elott', 'rng', 'live', 'fish', 'pvp', 'sports'];

export function ProductRebates() {
  const { t } = useT(NAMESPACE);
  const setting = useCall((signal) => api.call(customerRebateSettingCall, { signal }), [], { requiresSession: true, cache: 'customerRebateSetting' });
  if (setting.status !== 'success') return null;
  const rateOf = new Map(setting.data.list.map((item) => [item.productType, item.rebateValue]));
  const title = t('product_rebate_title');
  return (
    <section className={styles.group} data-testid="product-rebates">
      <h3 className={styles.groupTitle}>{title}</h3>
      <p className={styles.note}>{t(setting.data.mode === 'auto' ? 'product_rebate_auto' : 'product_rebate_manual')}</p>
      <div className={styles.scroller}>
        <table className={styles.table} aria-label={title}>
          <thead>
            <tr>
              <th scope="col">{t('col_product')}</th>
              <th scope="col" className={styles.number}>
                {t('col_rebate')}
              </th>
            </tr>
          </thead>
          <tbody>
            {ORDER.map((category) => (
              <tr key={category}>
                <th scope="row" className={styles.playName}>
                  {t(`product_${category}`)}
                </th>
                <td className={styles.number}>{percentText(rateOf.get(category) ?? 0)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
