import { useTranslation } from 'react-i18next';
import type { SlotConfig } from '../api/types';
import { formatMoney } from '../ui/format';
import { useLocale } from '../ui/locale';
import ui from '../ui/ui.module.css';
import styles from './slot.module.css';
import { symbolLook, symbolName } from './symbols';

/** What each symbol pays at the current bet, the wild and the scatter rules (a sheet over the game). */
export function Paytable({ gameCode, config, bet }: { gameCode: string; config: SlotConfig; bet: number }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <div data-testid="paytable">
      <p className={ui.muted}>{t('paytable.intro', { lines: config.lines.length || '—', bet: formatMoney(bet, locale) })}</p>
      <ul className={ui.list}>
        {config.symbols.map((symbol) => {
          const look = symbolLook(gameCode, config.symbols, symbol.id);
          const pays = Object.entries(symbol.pays)
            .map(([count, multiplier]) => [Number(count), multiplier] as const)
            .filter(([, multiplier]) => multiplier > 0)
            .sort((a, b) => b[0] - a[0]);
          return (
            <li key={symbol.id} className={ui.listItem}>
              <span className={`${styles.paySymbol} ${styles[`tone${look.tone}`]}`} aria-hidden="true">
                {look.picture}
              </span>
              <span>{symbolName(t, symbol)}</span>
              <span className={ui.spacer} />
              {pays.map(([count, multiplier]) => (
                <span key={count} className={styles.pay}>
                  {t('paytable.pay', { count, amount: formatMoney(Math.round(multiplier * bet * 100) / 100, locale) })}
                </span>
              ))}
            </li>
          );
        })}
      </ul>
      <h3 className={ui.panelTitle}>{t('slot.wild')}</h3>
      <p className={ui.muted}>{t('paytable.wildRule')}</p>
      {config.freeSpins?.expandingWild ? <p className={ui.muted}>{t('paytable.expandingWild')}</p> : null}
      <h3 className={ui.panelTitle}>{t('slot.scatter')}</h3>
      <p className={ui.muted}>{config.freeSpins ? t('paytable.scatterRule', { count: config.freeSpins.scatters, spins: config.freeSpins.spins }) : t('paytable.scatterRuleShort')}</p>
      {config.freeSpins && config.freeSpins.multiplier > 1 ? <p className={ui.muted}>{t('paytable.freeSpinMultiplier', { multiplier: config.freeSpins.multiplier })}</p> : null}
      <p className={ui.muted}>{t('paytable.linesRule')}</p>
    </div>
  );
}
