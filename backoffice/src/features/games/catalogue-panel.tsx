import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, ErrorMessage, Field, Input, Notice, Select, ui, useAction, useBackOffice, useLoad } from '@backoffice/kit';
import styles from './games.module.css';

export interface CatalogueGame {
  gameId: number;
  gameCode: string;
  name: string;
  gameClassify: string | null;
  vassalage: string;
  category: string;
  vendorName: string;
  vendorEnabled: boolean;
  enabled: boolean;
  sortOrder: number;
  isHot: boolean;
  isNew: boolean;
}

export interface Catalogue {
  list: CatalogueGame[];
  categories: string[];
  total: number;
}

type GameChange = Partial<Pick<CatalogueGame, 'enabled' | 'sortOrder' | 'isHot' | 'isNew'>>;

/**
 * The merchant's games by category (GET /games/catalogue): content staff take one off the lobby or
 * put it back, move it in its vendor's list (smaller order first) and mark it hot or new. Each
 * change is sent alone (POST /games/catalogue/:gameId); the list is read again after it, so what
 * is shown is what the server holds.
 */
export function CataloguePanel() {
  const { t } = useTranslation();
  const { api, may } = useBackOffice();
  const [category, setCategory] = useState('');
  const [query, setQuery] = useState('');
  const [search, setSearch] = useState('');
  const { data, error, loading, reload } = useLoad(() => {
    const params = new URLSearchParams();
    if (category) params.set('category', category);
    if (search) params.set('q', search);
    const text = params.toString();
    return api.get<Catalogue>(`/games/catalogue${text ? `?${text}` : ''}`);
  }, [category, search]);
  const action = useAction();
  const mayChange = may('POST /games/catalogue/:gameId');

  const change = (game: CatalogueGame, asked: GameChange, notice: string) =>
    void action
      .run(async () => {
        await api.post<CatalogueGame>(`/games/catalogue/${game.gameId}`, asked);
        return notice;
      })
      .finally(() => void reload());

  const submitSearch = (event: FormEvent) => {
    event.preventDefault();
    setSearch(query.trim());
  };

  return (
    <section aria-label={t('games.tabs.catalogue')}>
      <form className={styles.filters} onSubmit={submitSearch}>
        <Field label={t('games.catalogue.category')}>
          <Select value={category} onChange={(event) => setCategory(event.target.value)}>
            <option value="">{t('games.catalogue.allCategories')}</option>
            {(data?.categories ?? []).map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t('games.catalogue.search')}>
          <Input value={query} maxLength={64} onChange={(event) => setQuery(event.target.value)} placeholder={t('games.catalogue.searchHint')} />
        </Field>
        <Button type="submit" variant="secondary">
          {t('search')}
        </Button>
        <Button variant="secondary" onClick={() => void reload()} disabled={loading}>
          {t('refresh')}
        </Button>
      </form>
      <Notice>{action.outcome.notice}</Notice>
      <ErrorMessage>{action.outcome.error}</ErrorMessage>
      <ErrorMessage>{error && t('games.loadFailed', { reason: error })}</ErrorMessage>
      {data && data.list.length === 0 && <p className={[ui.panel, ui.empty].join(' ')}>{t('games.catalogue.none')}</p>}
      {data && data.list.length > 0 && (
        <div className={ui.tableWrap}>
          <table className={ui.table}>
            <thead>
              <tr>
                <th scope="col">{t('games.catalogue.game')}</th>
                <th scope="col">{t('games.catalogue.vendor')}</th>
                <th scope="col">{t('games.catalogue.category')}</th>
                <th scope="col">{t('games.catalogue.order')}</th>
                <th scope="col">{t('games.catalogue.marks')}</th>
                <th scope="col">{t('games.catalogue.state')}</th>
              </tr>
            </thead>
            <tbody>
              {data.list.map((game) => (
                <GameRow key={`${game.gameId}:${game.sortOrder}`} game={game} mayChange={mayChange} busy={action.busy} onChange={change} />
              ))}
            </tbody>
          </table>
          {data.total > data.list.length && <p className={styles.muted}>{t('games.catalogue.more', { shown: data.list.length, total: data.total })}</p>}
        </div>
      )}
    </section>
  );
}

function GameRow({ game, mayChange, busy, onChange }: { game: CatalogueGame; mayChange: boolean; busy: boolean; onChange: (game: CatalogueGame, asked: GameChange, notice: string) => void }) {
  const { t } = useTranslation();
  const [order, setOrder] = useState(String(game.sortOrder));
  const orderValue = Number(order);
  const orderValid = order.trim() !== '' && Number.isInteger(orderValue);
  const label = `${game.name} (${game.category} ${game.gameCode})`;
  return (
    <tr data-testid="catalogue-row" data-game={`${game.category}/${game.gameCode}`}>
      <td className={game.enabled ? undefined : styles.off}>
        {game.name}
        <div className={styles.muted}>
          {game.gameCode}
          {game.gameClassify ? ` · ${game.gameClassify}` : ''}
        </div>
      </td>
      <td>
        {game.vendorName} ({game.vassalage}){!game.vendorEnabled && <div className={styles.muted}>{t('games.catalogue.vendorOff')}</div>}
      </td>
      <td>{game.category}</td>
      <td>
        {mayChange ? (
          <div className={ui.actions}>
            <Input className={styles.order} type="number" step={1} value={order} aria-label={t('games.catalogue.orderOf', { game: label })} onChange={(event) => setOrder(event.target.value)} />
            <Button
              variant="secondary"
              disabled={busy || !orderValid || orderValue === game.sortOrder}
              onClick={() => onChange(game, { sortOrder: orderValue }, t('games.catalogue.moved', { game: game.name, order: orderValue }))}
            >
              {t('games.catalogue.saveOrder')}
            </Button>
          </div>
        ) : (
          game.sortOrder
        )}
      </td>
      <td>
        <label className={styles.check}>
          <input
            type="checkbox"
            checked={game.isHot}
            disabled={!mayChange || busy}
            onChange={(event) => onChange(game, { isHot: event.target.checked }, t(event.target.checked ? 'games.catalogue.markedHot' : 'games.catalogue.unmarkedHot', { game: game.name }))}
          />
          {t('games.catalogue.hot')}
        </label>{' '}
        <label className={styles.check}>
          <input
            type="checkbox"
            checked={game.isNew}
            disabled={!mayChange || busy}
            onChange={(event) => onChange(game, { isNew: event.target.checked }, t(event.target.checked ? 'games.catalogue.markedNew' : 'games.catalogue.unmarkedNew', { game: game.name }))}
          />
          {t('games.catalogue.new')}
        </label>
      </td>
      <td>
        {game.enabled ? t('games.catalogue.shown') : t('games.catalogue.hidden')}
        {mayChange && (
          <div>
            <Button
              variant={game.enabled ? 'danger' : 'secondary'}
              disabled={busy}
              aria-label={t(game.enabled ? 'games.catalogue.disableGame' : 'games.catalogue.enableGame', { game: label })}
              onClick={() => onChange(game, { enabled: !game.enabled }, t(game.enabled ? 'games.catalogue.disabled' : 'games.catalogue.enabled', { game: game.name }))}
            >
              {game.enabled ? t('games.catalogue.disable') : t('games.catalogue.enable')}
            </Button>
          </div>
        )}
      </td>
    </tr>
  );
}
