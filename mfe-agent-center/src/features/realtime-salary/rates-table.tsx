import { useT } from '@platform/shared';
import type { RealtimeTerms } from '@platform/contract';
import { ratePercentText } from './rates';
import contractStyles from '../contracts/contracts.module.css';
import { NAMESPACE } from './translations';

export interface RatesTableProps {
  terms: RealtimeTerms;
  /** The contract card's test id: the default rates' cells are `<testId>-default-profit|loss`. */
  testId: string;
  gameName: (gameCode: string) => string;
}

/** A real-time salary contract's terms: the default profit and loss rates, then those of each game listed. */
export function RatesTable({ terms, testId, gameName }: RatesTableProps) {
  const { t } = useT(NAMESPACE);
  const games = Object.entries(terms.games ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return (
    <table className={contractStyles.terms} aria-label={t('rates')}>
      <thead>
        <tr>
          <th scope="col">{t('col_game')}</th>
          <th scope="col">{t('profit_rate')}</th>
          <th scope="col">{t('loss_rate')}</th>
        </tr>
      </thead>
      <tbody>
        <tr>
          <th scope="row">{t('default_rates')}</th>
          <td data-testid={`${testId}-default-profit`}>{ratePercentText(terms.default.profitRate)}</td>
          <td data-testid={`${testId}-default-loss`}>{ratePercentText(terms.default.lossRate)}</td>
        </tr>
        {games.map(([gameCode, rates]) => (
          <tr key={gameCode}>
            <th scope="row">{gameName(gameCode)}</th>
            <td>{ratePercentText(rates.profitRate)}</td>
            <td>{ratePercentText(rates.lossRate)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
