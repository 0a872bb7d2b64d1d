import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button, ErrorMessage, Field, formatAmount, formatTime, Input, localeOf, PageTitle, ui, useBackOffice, useLoad } from '@backoffice/kit';
import { MemberActions } from './member-actions';
import { MemberCare, MemberNotes } from './member-care';
import { MemberBets, MemberStanding } from './member-extras';
import { linkedByMember, type MemberDetail, type MemberHit } from './players-types';
import styles from './players.module.css';

/**
 * Find a player by name, mobile, e-mail, card number or an address they logged in from, and read
 * them whole: profile, balances, cards, logins, the accounts linked to them by an address or a
 * card, their last money movements and bets, and (for the roles that read them) their labels and
 * VIP level; block, lift a block, adjust the balance or set the level where the role may.
 * The member shown is in the address (?member=), so a link to them can be shared among staff.
 */
export default function PlayersPage() {
  const { t } = useTranslation();
  const { api } = useBackOffice();
  const [params, setParams] = useSearchParams();
  const query = params.get('q') ?? '';
  const member = params.get('member');
  const [draft, setDraft] = useState(query);
  const results = useLoad(() => (query.length >= 2 ? api.get<{ list: MemberHit[] }>('/members', { q: query, limit: 50 }) : Promise.resolve(null)), [query]);

  const search = (event: FormEvent) => {
    event.preventDefault();
    setParams(draft.trim() ? { q: draft.trim() } : {});
  };
  const open = (username: string) => setParams(query ? { q: query, member: username } : { member: username });

  return (
    <>
      <PageTitle>{t('nav.players')}</PageTitle>
      <form className={ui.toolbar} onSubmit={search} role="search">
        <Field label={t('players.search')}>
          <Input name="q" minLength={2} maxLength={100} required value={draft} placeholder={t('players.searchHint')} onChange={(event) => setDraft(event.target.value)} />
        </Field>
        <Button type="submit">{t('search')}</Button>
      </form>
      <ErrorMessage>{results.error}</ErrorMessage>
      {results.data && <SearchResults hits={results.data.list} onOpen={open} />}
      {member && <MemberView key={member} username={member} onOpen={open} />}
    </>
  );
}

function SearchResults({ hits, onOpen }: { hits: MemberHit[]; onOpen: (username: string) => void }) {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n.language);
  return (
    <div className={ui.tableWrap}>
      <table className={ui.table} data-testid="player-results">
        <thead>
          <tr>
            <th>{t('players.username')}</th>
            <th>{t('players.status')}</th>
            <th>{t('players.mobile')}</th>
            <th>{t('players.email')}</th>
            <th>{t('players.matched')}</th>
            <th>{t('players.registered')}</th>
            <th>{t('players.lastLogin')}</th>
          </tr>
        </thead>
        <tbody>
          {hits.map((hit) => (
            <tr key={hit.username}>
              <td>
                <button type="button" className={styles.link} onClick={() => onOpen(hit.username)}>
                  {hit.username}
                </button>
              </td>
              <td>{t(`players.statuses.${hit.status}`)}</td>
              <td>{hit.mobile ?? '–'}</td>
              <td>{hit.email ?? '–'}</td>
              <td>{t(`players.matches.${hit.matched}`)}</td>
              <td>{formatTime(hit.createdAt, locale)}</td>
              <td>{formatTime(hit.lastLoginAt, locale)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {hits.length === 0 && <p className={ui.empty}>{t('players.none')}</p>}
    </div>
  );
}

function MemberView({ username, onOpen }: { username: string; onOpen: (username: string) => void }) {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n.language);
  const { api } = useBackOffice();
  const { data, error, reload } = useLoad(() => api.get<MemberDetail>(`/members/${encodeURIComponent(username)}`), [username]);
  if (error && !data) return <ErrorMessage>{error}</ErrorMessage>;
  if (!data) return <p role="status">{t('loading')}</p>;
  const { profile } = data;
  const blocked = profile.status === 'blocked';
  const linked = linkedByMember(data.linked);
  return (
    <article className={styles.detail} data-testid="player-detail" aria-labelledby="player-name">
      <h2 id="player-name" className={styles.heading}>
        {profile.username}
        {blocked && <span className={styles.blocked}>{t('players.statuses.blocked')}</span>}
      </h2>
      <MemberActions username={profile.username} blocked={blocked} onChanged={() => void reload()} />
      <MemberCare username={profile.username} />
      <MemberNotes username={profile.username} />
      <section className={ui.panel} aria-label={t('players.profile')}>
        <dl className={styles.facts}>
          <dt>{t('players.mobile')}</dt>
          <dd>{profile.mobile ?? '–'}</dd>
          <dt>{t('players.email')}</dt>
          <dd>{profile.email ?? '–'}</dd>
          <dt>{t('players.payeeName')}</dt>
          <dd>{profile.payeeName ?? '–'}</dd>
          <dt>{t('players.upline')}</dt>
          <dd>{profile.upline ?? '–'}</dd>
          <dt>{t('players.registered')}</dt>
          <dd>{formatTime(profile.createdAt, locale)}</dd>
          {data.balances.map((balance) => (
            <Balance key={`${balance.account}-${balance.unit}`} label={t(`players.accounts.${balance.account}`, { defaultValue: balance.account })} unit={balance.unit} amount={formatAmount(balance.balance, locale)} />
          ))}
        </dl>
      </section>
      <MemberStanding username={profile.username} />
      <Table title={t('players.linked')} empty={t('players.noLinked')} testId="player-linked" head={[t('players.username'), t('players.sharedAddresses'), t('players.sharedCards')]}>
        {linked.map((row) => (
          <tr key={row.username}>
            <td>
              <button type="button" className={styles.link} onClick={() => onOpen(row.username)}>
                {row.username}
              </button>
            </td>
            <td>{row.addresses.join(', ') || '–'}</td>
            <td>{row.cards.join(', ') || '–'}</td>
          </tr>
        ))}
      </Table>
      <Table title={t('players.cards')} empty={t('players.noCards')} head={[t('players.bank'), t('players.cardNumber'), t('players.payeeName'), t('players.bound'), t('players.removed')]}>
        {data.cards.map((card) => (
          <tr key={`${card.number}-${card.createdAt}`}>
            <td>{card.bankName}</td>
            <td>{card.number}</td>
            <td>{card.payeeName}</td>
            <td>{formatTime(card.createdAt, locale)}</td>
            <td>{formatTime(card.deletedAt, locale)}</td>
          </tr>
        ))}
      </Table>
      <Table title={t('players.logins')} empty={t('players.noLogins')} head={[t('players.time'), t('players.address'), t('players.loginType'), t('players.outcome')]}>
        {data.logins.map((login) => (
          <tr key={`${login.at}-${login.address}`}>
            <td>{formatTime(login.at, locale)}</td>
            <td>{login.address}</td>
            <td>{login.type}</td>
            <td>{login.outcome}</td>
          </tr>
        ))}
      </Table>
      <Table title={t('players.movements')} empty={t('players.noMovements')} testId="player-movements" head={[t('players.time'), t('players.kind'), t('players.amount'), t('players.balanceAfter'), t('players.remark')]}>
        {data.movements.map((movement) => (
          <tr key={`${movement.transactionId}-${movement.account}`}>
            <td>{formatTime(movement.at, locale)}</td>
            <td>
              {movement.kind}
              {movement.orderNo && <div>{movement.orderNo}</div>}
            </td>
            <td className={`${ui.number} ${movement.amount >= 0 ? styles.credit : styles.debit}`}>
              {formatAmount(movement.amount, locale)} {movement.unit === 'REAL' ? '' : movement.unit}
            </td>
            <td className={ui.number}>{formatAmount(movement.balanceAfter, locale)}</td>
            <td>{movement.remark ?? ''}</td>
          </tr>
        ))}
      </Table>
      <MemberBets bets={data.bets ?? []} />
    </article>
  );
}

function Balance({ label, unit, amount }: { label: string; unit: string; amount: string }) {
  return (
    <>
      <dt>
        {label} {unit === 'REAL' ? '' : `(${unit})`}
      </dt>
      <dd data-testid="player-balance">{amount}</dd>
    </>
  );
}

function Table({ title, empty, head, children, testId }: { title: string; empty: string; head: string[]; children: React.ReactNode[]; testId?: string }) {
  return (
    <section aria-label={title}>
      <h3 className={styles.subtitle}>{title}</h3>
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
        {children.length === 0 && <p className={ui.empty}>{empty}</p>}
      </div>
    </section>
  );
}
