import { Tabs, useLocation, useNavigate, useT } from '@platform/shared';
import { SpeedTest } from '../speed-test/speed-test';
import { DepositGuide } from './deposit-guide';
import { HelpArticles } from './help-articles';
import { helpPlaceOf, helpSearchOf, HELP_TABS, type HelpTab } from './help-links';
import styles from './help.module.css';
import { NAMESPACE } from './translations';

const TAB_LABELS: Record<HelpTab, string> = { articles: 'tab_articles', deposit: 'tab_deposit', speed: 'tab_speed' };

/**
 * The help page's sections as tabs: the help-centre articles, the deposit guide and the mirror speed
 * test. Which one shows, and what in it, is in the address (help-links.ts), so each is a link.
 */
export function HelpCentre() {
  const { t } = useT(NAMESPACE);
  const location = useLocation();
  const navigate = useNavigate();
  const place = helpPlaceOf(location.search);

  return (
    <div className={styles.page} data-testid="help-centre">
      <Tabs<HelpTab>
        items={HELP_TABS.map((tab) => ({ value: tab, label: <span data-testid={`help-tab-${tab}`}>{t(TAB_LABELS[tab])}</span> }))}
        value={place.tab}
        onChange={(tab) => navigate({ search: helpSearchOf({ tab }) })}
        label={t('sections_label')}
      >
        {place.tab === 'articles' && <HelpArticles category={place.category} articleId={place.article} />}
        {place.tab === 'deposit' && (
          // Choosing a method replaces the address rather than adding a step to the history.
          <DepositGuide method={place.method} onMethodChange={(method) => navigate({ search: helpSearchOf({ tab: 'deposit', method }) }, { replace: true })} />
        )}
        {place.tab === 'speed' && <SpeedTest />}
      </Tabs>
    </div>
  );
}
