import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, ErrorMessage, Field, formatCount, Input, ui, useBackOffice, useLoad } from '@backoffice/kit';
import { collapsed, withChildren, type TreeAnswer, type TreeNode } from './agents-model';
import styles from './agents.module.css';

/**
 * The team tree: without a selected agent, the top agents (or those whose name holds the search);
 * with one, its uplines, itself and its direct downlines, each agent's own downlines loaded when
 * opened (a level at a time: a merchant's whole tree is never read at once).
 */
export function TreePanel({ agent, onSelect, onContracts }: { agent: string; onSelect: (username: string) => void; onContracts: (username: string) => void }) {
  const { t } = useTranslation();
  const { api, may } = useBackOffice();
  const [search, setSearch] = useState(agent);
  const [query, setQuery] = useState('');
  const [tree, setTree] = useState<TreeNode | null>(null);
  const [opening, setOpening] = useState<string | null>(null);
  const [openError, setOpenError] = useState<string | null>(null);
  const { data, error, loading, reload } = useLoad(async () => {
    const answer = await api.get<TreeAnswer>(agent ? `/agents/tree?root=${encodeURIComponent(agent)}&depth=1` : `/agents/tree${query ? `?search=${encodeURIComponent(query)}` : ''}`);
    setTree(answer.root);
    return answer;
  }, [agent, query]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const name = search.trim();
    setQuery(name);
    if (!name || name !== agent) onSelect('');
  };

  const toggle = async (node: TreeNode) => {
    if (!tree) return;
    if (node.children) {
      setTree(collapsed(tree, node.username));
      return;
    }
    setOpening(node.username);
    setOpenError(null);
    try {
      const answer = await api.get<TreeAnswer>(`/agents/tree?root=${encodeURIComponent(node.username)}&depth=1`);
      setTree((current) => current && withChildren(current, node.username, answer.root?.children ?? [], answer.root?.moreChildren ?? 0));
    } catch (caught) {
      setOpenError(caught instanceof Error ? caught.message : t('error.unknown'));
    } finally {
      setOpening(null);
    }
  };

  const mayContracts = may('GET /agents/:username/contracts');
  return (
    <>
      <form className={ui.toolbar} onSubmit={submit} role="search">
        <Field label={t('agents.tree.search')}>
          <Input value={search} onChange={(event) => setSearch(event.target.value)} maxLength={64} placeholder={t('agents.tree.searchHint')} />
        </Field>
        <Button type="submit">{t('search')}</Button>
        <Button variant="secondary" onClick={() => void reload()} disabled={loading}>
          {t('refresh')}
        </Button>
      </form>
      <ErrorMessage>{error}</ErrorMessage>
      <ErrorMessage>{openError}</ErrorMessage>
      {!data && loading && (
        <p className={ui.empty} role="status">
          {t('loading')}
        </p>
      )}
      {data && !agent && (
        <section className={ui.panel} aria-label={query ? t('agents.tree.found', { query }) : t('agents.tree.tops')}>
          <h2 className={styles.heading}>{query ? t('agents.tree.found', { query }) : t('agents.tree.tops')}</h2>
          {data.agents.length === 0 ? (
            <p className={ui.empty}>{t('agents.tree.none')}</p>
          ) : (
            <ul className={styles.tree}>
              {data.agents.map((node) => (
                <li key={node.memberId}>
                  <NodeLine node={node} onSelect={onSelect} onContracts={mayContracts ? onContracts : undefined} />
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
      {data && agent && tree && (
        <section className={ui.panel} aria-label={t('agents.tree.of', { name: tree.username })} data-testid="agent-tree">
          {data.path.length > 0 && (
            <nav className={styles.path} aria-label={t('agents.tree.uplines')}>
              {data.path.map((name) => (
                <button key={name} type="button" className={styles.link} onClick={() => onSelect(name)}>
                  {name}
                </button>
              ))}
              <span aria-current="page">{tree.username}</span>
            </nav>
          )}
          <ul className={styles.tree}>
            <Branch node={tree} opening={opening} onToggle={(node) => void toggle(node)} onSelect={onSelect} onContracts={mayContracts ? onContracts : undefined} />
          </ul>
          <p className={styles.hint}>
            <Button variant="secondary" onClick={() => onSelect('')}>
              {t('agents.tree.back')}
            </Button>
          </p>
        </section>
      )}
    </>
  );
}

function Branch({ node, opening, onToggle, onSelect, onContracts }: { node: TreeNode; opening: string | null; onToggle: (node: TreeNode) => void; onSelect: (username: string) => void; onContracts?: (username: string) => void }) {
  const { t } = useTranslation();
  const expandable = node.directAgents + node.directPlayers > 0;
  return (
    <li data-testid="tree-node" data-username={node.username}>
      <div className={styles.nodeRow}>
        {expandable ? (
          <button type="button" className={styles.toggle} aria-expanded={node.children !== null} disabled={opening === node.username} onClick={() => onToggle(node)} aria-label={node.children ? t('agents.tree.close', { name: node.username }) : t('agents.tree.open', { name: node.username })}>
            {node.children ? '−' : '+'}
          </button>
        ) : (
          <span className={styles.toggleSpace} />
        )}
        <NodeLine node={node} onSelect={onSelect} onContracts={onContracts} />
      </div>
      {node.children && node.children.length > 0 && (
        <ul className={styles.tree}>
          {node.children.map((child) => (
            <Branch key={child.memberId} node={child} opening={opening} onToggle={onToggle} onSelect={onSelect} onContracts={onContracts} />
          ))}
          {node.moreChildren > 0 && <li className={styles.hint}>{t('agents.tree.more', { count: node.moreChildren })}</li>}
        </ul>
      )}
    </li>
  );
}

function NodeLine({ node, onSelect, onContracts }: { node: TreeNode; onSelect: (username: string) => void; onContracts?: (username: string) => void }) {
  const { t, i18n } = useTranslation();
  return (
    <span className={styles.node}>
      {node.accountType === 'agent' ? (
        <button type="button" className={styles.link} onClick={() => onSelect(node.username)}>
          {node.username}
        </button>
      ) : (
        <span>{node.username}</span>
      )}
      <span className={styles.tag}>{t(`agents.type.${node.accountType}`)}</span>
      {node.status !== 'active' && <span className={[styles.tag, styles.warn].join(' ')}>{node.status}</span>}
      {node.accountType === 'agent' && (
        <span className={styles.counts}>
          {t('agents.tree.counts', { agents: formatCount(node.directAgents, i18n.language), players: formatCount(node.directPlayers, i18n.language), team: formatCount(node.teamSize, i18n.language) })}
        </span>
      )}
      {node.contracts.map((kind) => (
        <span key={kind} className={[styles.tag, styles.good].join(' ')}>
          {t(`agents.kind.${kind}`)}
        </span>
      ))}
      {onContracts && node.accountType === 'agent' && (
        <button type="button" className={styles.link} onClick={() => onContracts(node.username)}>
          {t('agents.tree.contracts')}
        </button>
      )}
    </span>
  );
}
