import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Button, ErrorMessage, Field, formatAmount, formatCount, formatTime, Input, localeOf, PageTitle, Tabs, ui, useBackOffice, useLoad } from '@backoffice/kit';
import {
  DEFAULT_FILTERS,
  isRiskTab,
  PAGE_SIZE,
  playerLink,
  queryOf,
  RISK_TABS,
  type AgentChain,
  type BonusOnlyRow,
  type Filters,
  type LargeWin,
  type Liability,
  type Paged,
  type RiskTab,
  type SharedIdentity,
} from './risk-types';
import styles from './risk.module.css';

/**
 * The risk desk's reports, one tab each (the tab is in the address: ?tab=shared-devices): the
 * largest wins, addresses and devices shared by accounts, players who took bonuses and withdrew
 * without depositing, agents cut off above who still run below, and what the open lottery rounds
 * would cost the house. Reads only; each read is in the audit log. A member's name opens them in
 * the Players section.
 */
export default function RiskPage() {
  const { t } = useTranslation();
  const { may } = useBackOffice();
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tabs = RISK_TABS.filter((name) => may(`GET /risk/${name}`));
  const tab: RiskTab | undefined = isRiskTab(asked) && tabs.includes(asked) ? asked : tabs[0];
  return (
    <>
      <PageTitle>{t('risk.nav')}</PageTitle>
      <p className={styles.intro}>{t('risk.intro')}</p>
      <Tabs id="risk" label={t('risk.nav')} tabs={tabs.map((name) => ({ name, label: t(`risk.tabs.${name}`) }))} current={tab} onChoose={(name) => setParams(name === tabs[0] ? {} : { tab: name })}>
        {tab && <Report key={tab} tab={tab} />}
      </Tabs>
    </>
  );
}

/** One report: its filters, its table for the filters applied, and its pages. */
function Report({ tab }: { tab: RiskTab }) {
  const { t } = useTranslation();
  const { api } = useBackOffice();
  const [draft, setDraft] = useState<Filters>(DEFAULT_FILTERS[tab]);
  const [filters, setFilters] = useState<Filters>(DEFAULT_FILTERS[tab]);
  const [page, setPage] = useState(0);
  const { data, error, loading, reload } = useLoad(() => api.get<unknown>(`/risk/${tab}`, queryOf(tab, filters, page)), [tab, filters, page]);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    setPage(0);
    setFilters({ ...draft });
  };
  const paged = tab === 'lottery-liability' ? null : (data as Paged<unknown> | null);

  return (
    <>
      <form className={ui.toolbar} onSubmit={apply} aria-label={t('risk.filters')}>
        {Object.keys(DEFAULT_FILTERS[tab]).map((name) => (
          <Field key={name} label={t(`risk.filter.${name}`)}>
            <Input
              name={name}
              inputMode={name === 'gameCode' || name === 'numero' ? 'text' : 'decimal'}
              maxLength={20}
              placeholder={t(`risk.placeholder.${name}`)}
              value={draft[name]}
              onChange={(event) => setDraft({ ...draft, [name]: event.target.value })}
            />
          </Field>
        ))}
        {Object.keys(DEFAULT_FILTERS[tab]).length > 0 && (
          <Button type="submit" disabled={loading}>
            {t('search')}
          </Button>
        )}
        <Button variant="secondary" onClick={() => void reload()} disabled={loading}>
          {t('refresh')}
        </Button>
      </form>
      <p className={styles.hint}>{t(`risk.about.${tab}`)}</p>
      <ErrorMessage>{error}</ErrorMessage>
      {!data && loading && (
        <p className={ui.empty} role="status">
          {t('loading')}
        </p>
      )}
      {data !== null && !error && <ReportTable tab={tab} data={data} />}
      {paged && paged.total > PAGE_SIZE && (
        <div className={styles.pager}>
          <Button variant="secondary" disabled={loading || page === 0} onClick={() => setPage(page - 1)}>
            {t('risk.previous')}
          </Button>
          <span>{t('risk.page', { page: page + 1, pages: Math.ceil(paged.total / PAGE_SIZE), total: paged.total })}</span>
          <Button variant="secondary" disabled={loading || (page + 1) * PAGE_SIZE >= paged.total} onClick={() => setPage(page + 1)}>
            {t('risk.next')}
          </Button>
        </div>
      )}
    </>
  );
}

function MemberLink({ username }: { username: string }) {
  return (
    <Link to={playerLink(username)} data-testid="risk-member">
      {username}
    </Link>
  );
}

function Table({ testId, head, empty, children }: { testId: string; head: string[]; empty: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className={ui.tableWrap}>
      <table className={ui.table} data-testid={testId}>
        <thead>
          <tr>
            {head.map((label) => (
              <th key={label}>{label}</th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
      {empty && <p className={ui.empty}>{t('risk.none')}</p>}
    </div>
  );
}

function ReportTable({ tab, data }: { tab: RiskTab; data: unknown }) {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n.language);
  const money = (amount: number) => formatAmount(amount, locale);
  const time = (at: number | null) => formatTime(at, locale);
  const status = (value: 'active' | 'blocked') => (value === 'blocked' ? <span className={styles.blocked}>{t('risk.blocked')}</span> : null);

  if (tab === 'large-wins') {
    const { list } = data as Paged<LargeWin>;
    return (
      <Table testId="risk-large-wins" empty={list.length === 0} head={[t('risk.col.time'), t('risk.col.member'), t('risk.col.product'), t('risk.col.game'), t('risk.col.reference'), t('risk.col.stake'), t('risk.col.win')]}>
        {list.map((row) => (
          <tr key={`${row.product}:${row.reference}:${row.username}:${row.at}`} data-testid="risk-row">
            <td>{time(row.at)}</td>
            <td>
              <MemberLink username={row.username} />
            </td>
            <td>{t(`risk.product.${row.product}`)}</td>
            <td>
              {row.gameName} <span className={styles.code}>{row.gameCode}</span>
            </td>
            <td className={styles.code}>{row.reference}</td>
            <td className={ui.number}>{money(row.stake)}</td>
            <td className={[ui.number, styles.strong].join(' ')}>{money(row.win)}</td>
          </tr>
        ))}
      </Table>
    );
  }
  if (tab === 'shared-devices') {
    const { list } = data as Paged<SharedIdentity>;
    return (
      <Table testId="risk-shared-devices" empty={list.length === 0} head={[t('risk.col.kind'), t('risk.col.value'), t('risk.col.accounts'), t('risk.col.lastSeen'), t('risk.col.members')]}>
        {list.map((row) => (
          <tr key={`${row.kind}:${row.value}`} data-testid="risk-row">
            <td>{t(`risk.kind.${row.kind}`)}</td>
            <td className={styles.code}>{row.value}</td>
            <td className={ui.number}>{formatCount(row.accountCount, locale)}</td>
            <td>{time(row.lastSeenAt)}</td>
            <td>
              <ul className={styles.accounts}>
                {row.accounts.map((account) => (
                  <li key={account.username}>
                    <MemberLink username={account.username} /> {status(account.status)}
                  </li>
                ))}
              </ul>
            </td>
          </tr>
        ))}
      </Table>
    );
  }
  if (tab === 'bonus-only') {
    const { list } = data as Paged<BonusOnlyRow>;
    return (
      <Table
        testId="risk-bonus-only"
        empty={list.length === 0}
        head={[t('risk.col.member'), t('risk.col.bonus'), t('risk.col.deposits'), t('risk.col.withdrawals'), t('risk.col.withdrawalsPaid'), t('risk.col.withdrawalCount'), t('risk.col.lastWithdrawal')]}
      >
        {list.map((row) => (
          <tr key={row.username} data-testid="risk-row">
            <td>
              <MemberLink username={row.username} /> {status(row.status)}
            </td>
            <td className={[ui.number, styles.strong].join(' ')}>{money(row.bonus)}</td>
            <td className={ui.number}>{money(row.deposits)}</td>
            <td className={ui.number}>{money(row.withdrawals)}</td>
            <td className={ui.number}>{money(row.withdrawalsPaid)}</td>
            <td className={ui.number}>{formatCount(row.withdrawalCount, locale)}</td>
            <td>{time(row.lastWithdrawalAt)}</td>
          </tr>
        ))}
      </Table>
    );
  }
  if (tab === 'agent-chains') {
    const { list } = data as Paged<AgentChain>;
    return (
      <Table
        testId="risk-agent-chains"
        empty={list.length === 0}
        head={[t('risk.col.agent'), t('risk.col.contract'), t('risk.col.ended'), t('risk.col.downlines'), t('risk.col.downlineContracts'), t('risk.col.wagesSinceEnd')]}
      >
        {list.map((row) => (
          <tr key={`${row.username}:${row.contractKind}`} data-testid="risk-row">
            <td>
              <MemberLink username={row.username} /> {status(row.status)}
            </td>
            <td>{t(`risk.contract.${row.contractKind}`)}</td>
            <td>{time(row.endedAt)}</td>
            <td className={ui.number}>{formatCount(row.downlines, locale)}</td>
            <td className={ui.number}>{formatCount(row.downlineContracts, locale)}</td>
            <td className={ui.number}>{money(row.wagesSinceEnd)}</td>
          </tr>
        ))}
      </Table>
    );
  }
  const { rounds, numbers } = data as Liability;
  return (
    <>
      <h2 className={styles.heading}>{t('risk.liability.rounds')}</h2>
      <Table
        testId="risk-liability-rounds"
        empty={rounds.length === 0}
        head={[t('risk.col.game'), t('risk.col.numero'), t('risk.col.closes'), t('risk.col.bets'), t('risk.col.stake'), t('risk.col.liability')]}
      >
        {rounds.map((round) => (
          <tr key={`${round.gameCode}:${round.numero}`} data-testid="risk-row">
            <td>
              {round.gameName} <span className={styles.code}>{round.gameCode}</span>
            </td>
            <td className={styles.code}>{round.numero}</td>
            <td>{time(round.closeAt)}</td>
            <td className={ui.number}>{formatCount(round.bets, locale)}</td>
            <td className={ui.number}>{money(round.stake)}</td>
            <td className={[ui.number, styles.strong].join(' ')}>{money(round.liability)}</td>
          </tr>
        ))}
      </Table>
      <h2 className={styles.heading}>{t('risk.liability.numbers')}</h2>
      <Table testId="risk-liability-numbers" empty={numbers.length === 0} head={[t('risk.col.game'), t('risk.col.numero'), t('risk.col.play'), t('risk.col.position'), t('risk.col.number'), t('risk.col.payout')]}>
        {numbers.map((number) => (
          <tr key={`${number.gameCode}:${number.numero}:${number.play}:${number.row}:${number.number}`} data-testid="risk-number">
            <td className={styles.code}>{number.gameCode}</td>
            <td className={styles.code}>{number.numero}</td>
            <td className={styles.code}>{number.play}</td>
            <td className={ui.number}>{number.row + 1}</td>
            <td className={ui.number}>{number.number}</td>
            <td className={[ui.number, styles.strong].join(' ')}>{money(number.payout)}</td>
          </tr>
        ))}
      </Table>
    </>
  );
}
