import { useBusState, useCall, useT, type AgentCenterPage } from '@platform/shared';
import { isAgentMemberType, switchReader } from '@platform/contract';
import { useSiteConfig } from '@platform/shared/forms';
import { CentreOverlay, lazyCentrePage, LoadError } from '@platform/ui-blocks';
import { NAMESPACE } from '../../locales';
import { NAMESPACE as AFFILIATE_NAMESPACE } from '../affiliate-application/namespace';
import { loadContractFlags } from './contract-flags';
import { AGENT_CENTRE } from './page-registry';

/** What a member who is not an agent sees in place of the menu: the affiliate application. */
const AffiliateApplicationPage = lazyCentrePage<AgentCenterPage>(() => import(/* webpackChunkName: "page-affiliate-application" */ '../affiliate-application'));
const AFFILIATE_PAGE_KEY = 'affiliateApplication';

interface AgentCenterProps {
  page: AgentCenterPage;
  onClose: () => void;
}

/**
 * The agent-centre overlay: the menu in its order (the pages that exist, and the contract pages the
 * agent's consolidated flags allow), a close button, and the chosen page. A member who is not an
 * agent (isAgent 1, 2, 41, 42 are) gets the affiliate application instead of the menu.
 */
export default function AgentCenter({ page, onClose }: AgentCenterProps) {
  const { t } = useT(NAMESPACE);
  const affiliate = useT(AFFILIATE_NAMESPACE).t;
  const session = useBusState('session');
  const isOn = switchReader(useSiteConfig().whitelabel);
  const agent = isAgentMemberType(session.isAgent);
  const flags = useCall(loadContractFlags, [], { requiresSession: true, enabled: agent });
  return (
    <CentreOverlay
      title={t('agent_center_title')}
      closeLabel={t('close')}
      centre={AGENT_CENTRE}
      context={{ session, contracts: flags.status === 'success' ? flags.data : null, isOn }}
      labelOf={(key) => t(`page_${key}`)}
      page={page}
      onClose={onClose}
      instead={
        agent
          ? undefined
          : // Its title is the page's own string, empty until the page's strings have arrived.
            { key: AFFILIATE_PAGE_KEY, label: affiliate('page_title', { defaultValue: '' }), component: AffiliateApplicationPage }
      }
      pageLoadFailed={(retry) => <LoadError title={t('page_load_failed')} onRetry={retry} />}
    />
  );
}
