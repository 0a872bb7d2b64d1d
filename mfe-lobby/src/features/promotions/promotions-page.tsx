import { PageScaffold, useLocation, useParams, useT } from '@platform/shared';
import { NAMESPACE as LOBBY_NAMESPACE, ready as lobbyReady } from '../../locales';
import { PromotionDetail } from './promotion-detail';
import { PromotionList } from './promotion-list';
import { translationsLoaded } from './translations';

/**
 * The lobby's strings (the page title) and the promotions pages' own in the language in use: the
 * shell renders this page once both are there.
 */
export const ready: Promise<void> = Promise.all([lobbyReady, translationsLoaded]).then(() => undefined);

/** /promotions lists them; /promotions/:id, /promotions?id= and /promoDetail?id= show one. */
export default function PromotionsPage() {
  // Named apart from the pages' `t`: the translation tests check the title's keys against the
  // 'lobby' sets and the rest against the promotions' own (translations.test.ts).
  const { t: lobbyT } = useT(LOBBY_NAMESPACE);
  const { id: idFromPath } = useParams();
  const location = useLocation();
  const id = idFromPath ?? new URLSearchParams(location.search).get('id');
  const isDetail = Boolean(id) || location.pathname === '/promoDetail';
  return (
    <PageScaffold title={isDetail ? lobbyT('promo_detail_title') : lobbyT('promotions_title')} remote={__APP_NAME__} version={__APP_VERSION__}>
      {/* One detail per id: another promotion's page starts afresh (no last one's answer or refusal). */}
      {isDetail ? <PromotionDetail key={id} idText={id} /> : <PromotionList />}
    </PageScaffold>
  );
}
