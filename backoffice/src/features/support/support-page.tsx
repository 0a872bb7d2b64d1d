import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageTitle, Tabs, useBackOffice } from '@backoffice/kit';
import { ChatConsole } from './chat-console';
import { ChatSettingsPanel } from './chat-settings-panel';
import { QuestionsPanel } from './questions-panel';

const TABS = [
  { name: 'chat', requires: 'GET /chat/conversations' },
  { name: 'questions', requires: 'GET /support/questions' },
  { name: 'settings', requires: 'GET /chat/settings' },
] as const;
type Tab = (typeof TABS)[number]['name'];

/**
 * Customer service: the live chat console, the support-form queue and the chat's settings and
 * scripted answers, each tab shown only to a role that may read it (support staff answer the chat, content staff the chat and the questions,
 * risk reads conversations). The tab is in the address (?tab=questions).
 */
export default function SupportPage() {
  const { t } = useTranslation();
  const { may } = useBackOffice();
  const [params, setParams] = useSearchParams();
  const tabs = TABS.filter((tab) => may(tab.requires)).map((tab) => tab.name);
  const asked = params.get('tab');
  const tab: Tab | undefined = tabs.find((name) => name === asked) ?? tabs[0];
  const labels: Record<Tab, string> = { chat: t('support.tabs.chat'), questions: t('support.tabs.questions'), settings: t('support.tabs.settings') };
  return (
    <>
      <PageTitle>{t('support.nav')}</PageTitle>
      <Tabs id="support" label={t('support.tabs.label')} tabs={tabs.map((name) => ({ name, label: labels[name] }))} current={tab} onChoose={(name) => setParams(name === tabs[0] ? {} : { tab: name })} hideSingle>
        {tab === 'chat' ? <ChatConsole /> : tab === 'questions' ? <QuestionsPanel /> : <ChatSettingsPanel />}
      </Tabs>
    </>
  );
}
