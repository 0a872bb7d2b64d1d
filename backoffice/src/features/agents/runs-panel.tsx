import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, ErrorMessage, Field, formatAmount, formatCount, formatTime, Select, ui, useBackOffice, useLoad } from '@backoffice/kit';
import { CONTRACT_KINDS, percent, type AgentRun, type AgentRunLine } from './agents-model';
import styles from './agents.module.css';

const DAYS = [1, 7, 30, 92] as const;

/**
 * The wage, salary and dividend runs of the last days with their totals and the server's re-check
 * of each: consistent, or what the ledger paid more (or less) than it should have, in red. A run
 * opens to its lines per agent (recorded, credited by the ledger, recomputed).
 */
export function RunsPanel() {
  const { t, i18n } = useTranslation();
  const { api, may } = useBackOffice();
  const [kind, setKind] = useState('');
  const [days, setDays] = useState(7);
  const [selected, setSelected] = useState<number | null>(null);
  const { data, error, loading, reload } = useLoad(() => api.get<AgentRun[]>(`/agent-runs?days=${days}${kind ? `&kind=${kind}` : ''}`), [kind, days]);
  const money = (amount: number | null) => formatAmount(amount, i18n.language);
  return (
    <>
      <div className={ui.toolbar}>
        <Field label={t('agents.runs.kind')}>
          <Select value={kind} onChange={(event) => setKind(event.target.value)}>
            <option value="">{t('agents.runs.allKinds')}</option>
            {CONTRACT_KINDS.map((option) => (
              <option key={option} value={option}>
                {t(`agents.kind.${option}`)}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t('agents.runs.days')}>
          <Select value={days} onChange={(event) => setDays(Number(event.target.value))}>
            {DAYS.map((option) => (
              <option key={option} value={option}>
                {option === 1 ? t('agents.runs.lastDay') : t('agents.runs.lastDays', { count: option })}
              </option>
            ))}
          </Select>
        </Field>
        <Button variant="secondary" onClick={() => void reload()} disabled={loading}>
          {t('refresh')}
        </Button>
      </div>
      <p className={styles.hint}>{t('agents.runs.checks')}</p>
      <ErrorMessage>{error}</ErrorMessage>
      {!data && loading && (
        <p className={ui.empty} role="status">
          {t('loading')}
        </p>
      )}
      {data && data.length === 0 && <p className={[ui.panel, ui.empty].join(' ')}>{t('agents.runs.none')}</p>}
      {data && data.length > 0 && (
        <div className={ui.tableWrap}>
          <table className={ui.table}>
            <thead>
              <tr>
                <th scope="col">{t('agents.runs.ran')}</th>
                <th scope="col">{t('agents.runs.kind')}</th>
                <th scope="col">{t('agents.runs.period')}</th>
                <th scope="col" className={ui.number}>{t('agents.runs.agents')}</th>
                <th scope="col" className={ui.number}>{t('agents.runs.paid')}</th>
                <th scope="col">{t('agents.runs.check')}</th>
                <th scope="col" />
              </tr>
            </thead>
            <tbody>
              {data.map((run) => (
                <tr key={run.runId} data-testid="run-row" data-run={run.runId}>
                  <td>{formatTime(run.ranTime, i18n.language)}</td>
                  <td>
                    {t(`agents.kind.${run.kind}`)}
                    {run.cycle && ` (${t(`agents.cycle.${run.cycle}`)})`}
                  </td>
                  <td>{run.periodStart ? `${formatTime(run.periodStart, i18n.language)} – ${formatTime(run.periodEnd, i18n.language)}` : t('agents.runs.rounds', { count: run.rounds })}</td>
                  <td className={ui.number}>{formatCount(run.agents, i18n.language)}</td>
                  <td className={ui.number}>{money(run.ledgerPaid)}</td>
                  <td>
                    <Verdict run={run} />
                  </td>
                  <td>
                    {may('GET /agent-runs/:id') && (
                      <Button variant="secondary" onClick={() => setSelected(selected === run.runId ? null : run.runId)} aria-expanded={selected === run.runId}>
                        {t('agents.runs.lines')}
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {selected !== null && <RunLines runId={selected} />}
    </>
  );
}

function Verdict({ run }: { run: AgentRun }) {
  const { t, i18n } = useTranslation();
  const how = t(`agents.runs.how.${run.check}`);
  if (run.consistent) {
    return (
      <span className={styles.ok} data-testid="run-verdict" data-consistent="true">
        ✓ {t('agents.runs.consistent')} <span className={styles.muted}>({how})</span>
      </span>
    );
  }
  return (
    <span className={styles.bad} data-testid="run-verdict" data-consistent="false">
      ✗ {t('agents.runs.inconsistent', { difference: formatAmount(run.difference, i18n.language), agents: run.mismatchedAgents })} <span className={styles.muted}>({how})</span>
    </span>
  );
}

function RunLines({ runId }: { runId: number }) {
  const { t, i18n } = useTranslation();
  const { api } = useBackOffice();
  const { data, error } = useLoad(() => api.get<{ run: AgentRun; lines: AgentRunLine[] }>(`/agent-runs/${runId}`), [runId]);
  const money = (amount: number | null) => formatAmount(amount, i18n.language);
  return (
    <section className={ui.panel} aria-label={t('agents.runs.linesOf', { id: runId })} data-testid="run-lines">
      <h2 className={styles.heading}>{t('agents.runs.linesOf', { id: runId })}</h2>
      <ErrorMessage>{error}</ErrorMessage>
      {data && (
        <>
          <p>
            {t('agents.runs.totals', { paid: money(data.run.paid), ledger: money(data.run.ledgerPaid), lines: money(data.run.linesPaid) })}
            {data.run.expectedPaid !== null && <> {t('agents.runs.expected', { expected: money(data.run.expectedPaid) })}</>}
          </p>
          <div className={ui.tableWrap}>
            <table className={ui.table}>
              <thead>
                <tr>
                  <th scope="col">{t('agents.runs.agent')}</th>
                  <th scope="col" className={ui.number}>{t('agents.runs.figure')}</th>
                  <th scope="col" className={ui.number}>{t('agents.runs.rate')}</th>
                  <th scope="col" className={ui.number}>{t('agents.runs.gross')}</th>
                  <th scope="col" className={ui.number}>{t('agents.runs.downline')}</th>
                  <th scope="col" className={ui.number}>{t('agents.runs.recorded')}</th>
                  <th scope="col" className={ui.number}>{t('agents.runs.ledger')}</th>
                  <th scope="col" className={ui.number}>{t('agents.runs.recomputed')}</th>
                </tr>
              </thead>
              <tbody>
                {data.lines.map((line) => (
                  <tr key={line.username} className={line.consistent ? undefined : styles.badRow} data-testid="run-line">
                    <td>{line.username}</td>
                    <td className={ui.number}>{money(line.figure)}</td>
                    <td className={ui.number}>{line.rate === null ? '–' : percent(line.rate)}</td>
                    <td className={ui.number}>{money(line.gross)}</td>
                    <td className={ui.number}>{money(line.downline)}</td>
                    <td className={ui.number}>{money(line.recorded)}</td>
                    <td className={ui.number}>{money(line.ledger)}</td>
                    <td className={ui.number}>{money(line.expected)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
