import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, ErrorMessage, Field, formatTime, Input, Notice, Select, ui, useAction, useBackOffice, useLoad } from '@backoffice/kit';
import type { AffiliateApplication } from './agents-model';
import styles from './agents.module.css';

const STATES = ['pending', 'approved', 'rejected'] as const;

/**
 * Players' applications to become agents (pending first by default): roles allowed to decide
 * approve one (the player becomes an agent) or reject it, with an answer the player reads, after
 * confirming. A contact and a message are shown as the player typed them, as text.
 */
export function ApplicationsPanel() {
  const { t, i18n } = useTranslation();
  const { api, may } = useBackOffice();
  const [state, setState] = useState<string>('pending');
  const { data, error, loading, reload } = useLoad(() => api.get<AffiliateApplication[]>(`/affiliate-applications${state ? `?state=${state}` : ''}`), [state]);
  const action = useAction();
  const [deciding, setDeciding] = useState<{ application: AffiliateApplication; approve: boolean } | null>(null);
  const [answer, setAnswer] = useState('');
  const mayDecide = may('POST /affiliate-applications/:id/decision');

  const decide = async () => {
    if (!deciding) return;
    const { application, approve } = deciding;
    const done = await action.run(async () => {
      await api.post(`/affiliate-applications/${application.applicationId}/decision`, { approve, answer });
      return t(approve ? 'agents.applications.approved' : 'agents.applications.rejected', { name: application.username });
    });
    setDeciding(null);
    setAnswer('');
    if (done) void reload();
  };

  return (
    <>
      <div className={ui.toolbar}>
        <Field label={t('agents.applications.state')}>
          <Select value={state} onChange={(event) => setState(event.target.value)}>
            <option value="">{t('agents.applications.all')}</option>
            {STATES.map((option) => (
              <option key={option} value={option}>
                {t(`agents.applications.states.${option}`)}
              </option>
            ))}
          </Select>
        </Field>
        <Button variant="secondary" onClick={() => void reload()} disabled={loading}>
          {t('refresh')}
        </Button>
      </div>
      <ErrorMessage>{error}</ErrorMessage>
      <Notice>{action.outcome.notice}</Notice>
      <ErrorMessage>{action.outcome.error}</ErrorMessage>
      {deciding && (
        <div className={styles.confirm} role="alertdialog" aria-label={t('agents.confirm')}>
          <p>{t(deciding.approve ? 'agents.applications.confirmApprove' : 'agents.applications.confirmReject', { name: deciding.application.username })}</p>
          <Field label={t('agents.applications.answer')}>
            <Input value={answer} onChange={(event) => setAnswer(event.target.value)} maxLength={500} />
          </Field>
          <div className={ui.actions}>
            <Button variant={deciding.approve ? 'primary' : 'danger'} disabled={action.busy} onClick={() => void decide()}>
              {t('agents.confirm')}
            </Button>
            <Button variant="secondary" disabled={action.busy} onClick={() => setDeciding(null)}>
              {t('cancel')}
            </Button>
          </div>
        </div>
      )}
      {data && data.length === 0 && <p className={[ui.panel, ui.empty].join(' ')}>{t('agents.applications.none')}</p>}
      {data && data.length > 0 && (
        <div className={ui.tableWrap}>
          <table className={ui.table}>
            <thead>
              <tr>
                <th scope="col">{t('agents.applications.time')}</th>
                <th scope="col">{t('agents.applications.member')}</th>
                <th scope="col">{t('agents.applications.contact')}</th>
                <th scope="col">{t('agents.applications.message')}</th>
                <th scope="col">{t('agents.applications.state')}</th>
                <th scope="col">{t('agents.applications.answer')}</th>
                {mayDecide && <th scope="col">{t('agents.contracts.actions')}</th>}
              </tr>
            </thead>
            <tbody>
              {data.map((application) => (
                <tr key={application.applicationId} data-testid="application-row">
                  <td>{formatTime(application.createdTime, i18n.language)}</td>
                  <td>{application.username}</td>
                  <td>{application.contact}</td>
                  <td className={styles.terms}>{application.message}</td>
                  <td>{t(`agents.applications.states.${application.state}`)}</td>
                  <td>{application.answer}</td>
                  {mayDecide && (
                    <td>
                      {application.state === 'pending' && (
                        <div className={ui.actions}>
                          <Button disabled={action.busy} onClick={() => { action.clear(); setDeciding({ application, approve: true }); }}>
                            {t('agents.applications.approve')}
                          </Button>
                          <Button variant="danger" disabled={action.busy} onClick={() => { action.clear(); setDeciding({ application, approve: false }); }}>
                            {t('agents.applications.reject')}
                          </Button>
                        </div>
                      )}
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
