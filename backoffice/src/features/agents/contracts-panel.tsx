import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, ErrorMessage, Field, formatTime, Input, Notice, Select, ui, useAction, useBackOffice, useLoad } from '@backoffice/kit';
import { CONTRACT_KINDS, parseTerms, STARTING_TERMS, termsLine, type ContractKind, type ContractsAnswer } from './agents-model';
import styles from './agents.module.css';

type Pending = { kind: 'grant'; contractKind: ContractKind; terms: Record<string, unknown> } | { kind: 'end'; contractKind: ContractKind };

/**
 * The selected agent's contracts of every kind, newest first, each with its history (made,
 * accepted, changed by a cascade, ended, and by whom). A top agent's contracts come from the
 * merchant: roles allowed to make one (POST /agent-contracts) or end one (POST
 * /agent-contracts/end) do it here, after confirming; a refusal shows the server's words.
 */
export function ContractsPanel({ agent, onSelect }: { agent: string; onSelect: (username: string) => void }) {
  const { t, i18n } = useTranslation();
  const { api, may } = useBackOffice();
  const [name, setName] = useState(agent);
  const { data, error, loading, reload } = useLoad(async () => (agent ? api.get<ContractsAnswer>(`/agents/${encodeURIComponent(agent)}/contracts`) : null), [agent]);
  const action = useAction();
  const [pending, setPending] = useState<Pending | null>(null);
  const [kind, setKind] = useState<ContractKind>('daily');
  const [termsText, setTermsText] = useState(JSON.stringify(STARTING_TERMS.daily));
  const [formError, setFormError] = useState<string | null>(null);

  const mayGrant = may('POST /agent-contracts');
  const mayEnd = may('POST /agent-contracts/end');
  const activeKinds = new Set(data?.contracts.filter((contract) => contract.state === 'active' || contract.state === 'pending').map((contract) => contract.kind));

  const find = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim()) onSelect(name.trim());
  };

  const askGrant = (event: FormEvent) => {
    event.preventDefault();
    const terms = parseTerms(termsText);
    if (!terms) {
      setFormError(t('agents.contracts.badTerms'));
      return;
    }
    setFormError(null);
    action.clear();
    setPending({ kind: 'grant', contractKind: kind, terms });
  };

  const confirm = async () => {
    if (!pending || !data) return;
    const username = data.agent.username;
    const done = await action.run(async () => {
      if (pending.kind === 'grant') {
        await api.post('/agent-contracts', { username, kind: pending.contractKind, terms: pending.terms });
        return t('agents.contracts.granted', { name: username, kind: t(`agents.kind.${pending.contractKind}`) });
      }
      await api.post('/agent-contracts/end', { username, kind: pending.contractKind });
      return t('agents.contracts.ended', { name: username, kind: t(`agents.kind.${pending.contractKind}`) });
    });
    setPending(null);
    if (done) void reload();
  };

  return (
    <>
      <form className={ui.toolbar} onSubmit={find} role="search">
        <Field label={t('agents.contracts.agent')}>
          <Input value={name} onChange={(event) => setName(event.target.value)} maxLength={64} />
        </Field>
        <Button type="submit">{t('agents.contracts.show')}</Button>
        {agent && (
          <Button variant="secondary" onClick={() => void reload()} disabled={loading}>
            {t('refresh')}
          </Button>
        )}
      </form>
      {!agent && <p className={[ui.panel, ui.empty].join(' ')}>{t('agents.contracts.pick')}</p>}
      <ErrorMessage>{error}</ErrorMessage>
      <Notice>{action.outcome.notice}</Notice>
      <ErrorMessage>{action.outcome.error}</ErrorMessage>
      {agent && !data && loading && (
        <p className={ui.empty} role="status">
          {t('loading')}
        </p>
      )}
      {data && (
        <section className={ui.panel} aria-label={t('agents.contracts.of', { name: data.agent.username })} data-testid="agent-contracts">
          <h2 className={styles.heading}>{t('agents.contracts.of', { name: data.agent.username })}</h2>
          <p className={styles.hint}>{data.topAgent ? t('agents.contracts.top') : t('agents.contracts.downline', { upline: data.agent.uplineUsername ?? '' })}</p>
          {data.contracts.length === 0 ? (
            <p className={ui.empty}>{t('agents.contracts.none')}</p>
          ) : (
            <div className={ui.tableWrap}>
              <table className={ui.table}>
                <thead>
                  <tr>
                    <th scope="col">{t('agents.contracts.kind')}</th>
                    <th scope="col">{t('agents.contracts.state')}</th>
                    <th scope="col">{t('agents.contracts.from')}</th>
                    <th scope="col">{t('agents.contracts.terms')}</th>
                    <th scope="col">{t('agents.contracts.history')}</th>
                    {mayEnd && <th scope="col">{t('agents.contracts.actions')}</th>}
                  </tr>
                </thead>
                <tbody>
                  {data.contracts.map((contract) => (
                    <tr key={contract.contractId} data-testid="contract-row" data-kind={contract.kind} data-state={contract.state}>
                      <td>{t(`agents.kind.${contract.kind}`)}</td>
                      <td>{t(`agents.state.${contract.state}`)}</td>
                      <td>{contract.uplineUsername ?? t('agents.contracts.merchant')}</td>
                      <td className={styles.terms}>{termsLine(contract.kind, contract.terms)}</td>
                      <td>
                        <ol className={styles.history}>
                          {contract.history.map((event, index) => (
                            <li key={index}>
                              {formatTime(event.time, i18n.language)} · {t(`agents.event.${event.event}`)}
                              {event.by && <> · {event.by.startsWith('operator:') ? t('agents.contracts.byOperator', { name: event.by.slice('operator:'.length) }) : event.by}</>}
                            </li>
                          ))}
                        </ol>
                      </td>
                      {mayEnd && (
                        <td>
                          {contract.uplineUsername === null && contract.state === 'active' && (
                            <Button variant="danger" disabled={action.busy} onClick={() => { action.clear(); setPending({ kind: 'end', contractKind: contract.kind }); }}>
                              {t('agents.contracts.end')}
                            </Button>
                          )}
                        </td>
                      )}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {mayGrant && data.topAgent && data.agent.accountType === 'agent' && (
            <form className={styles.form} onSubmit={askGrant} aria-label={t('agents.contracts.grantTitle')}>
              <h3 className={styles.heading}>{t('agents.contracts.grantTitle')}</h3>
              <Field label={t('agents.contracts.kind')}>
                <Select
                  value={kind}
                  onChange={(event) => {
                    const next = event.target.value as ContractKind;
                    setKind(next);
                    setTermsText(JSON.stringify(STARTING_TERMS[next]));
                  }}
                >
                  {CONTRACT_KINDS.map((option) => (
                    <option key={option} value={option} disabled={activeKinds.has(option)}>
                      {t(`agents.kind.${option}`)}
                    </option>
                  ))}
                </Select>
              </Field>
              <Field label={t('agents.contracts.termsJson')}>
                <textarea className={[ui.input, styles.json].join(' ')} value={termsText} onChange={(event) => setTermsText(event.target.value)} rows={3} spellCheck={false} />
              </Field>
              <p className={styles.hint}>{t(`agents.contracts.termsHelp.${kind}`)}</p>
              <ErrorMessage>{formError}</ErrorMessage>
              <div>
                <Button type="submit" disabled={action.busy || activeKinds.has(kind)}>
                  {t('agents.contracts.grant')}
                </Button>
              </div>
            </form>
          )}
          {pending && (
            <div className={styles.confirm} role="alertdialog" aria-label={t('agents.confirm')}>
              <p>
                {pending.kind === 'grant'
                  ? t('agents.contracts.confirmGrant', { name: data.agent.username, kind: t(`agents.kind.${pending.contractKind}`), terms: termsLine(pending.contractKind, pending.terms) })
                  : t('agents.contracts.confirmEnd', { name: data.agent.username, kind: t(`agents.kind.${pending.contractKind}`) })}
              </p>
              <div className={ui.actions}>
                <Button variant={pending.kind === 'end' ? 'danger' : 'primary'} disabled={action.busy} onClick={() => void confirm()}>
                  {t('agents.confirm')}
                </Button>
                <Button variant="secondary" disabled={action.busy} onClick={() => setPending(null)}>
                  {t('cancel')}
                </Button>
              </div>
            </div>
          )}
        </section>
      )}
    </>
  );
}
