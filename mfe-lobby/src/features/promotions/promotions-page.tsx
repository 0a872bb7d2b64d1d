import { PageScaffold, useLocation, useParams, useT } from '@platform/shared';
import { NAMESPACE } from '../../locales';

/** The lobby's strings in the language in use: the shell renders this page once they are there. */
export { ready } from '../../locales';

/** /promotions lists them; /promotions/:id, /promotions?id= and /promoDetail?id= show one. */
export default function PromotionsPage() {
  const { t } = useT(NAMESPACE);
  const { id: idFromPath } = useParams();
  const location = useLocation();
  const id = idFromPath ?? new URLSearchParams(location.search).get('id');
  const isDetail = Boolean(id) || location.pathname === '/promoDetail';
  return (
    <PageScaffold title={t(isDetail ? 'promo_detail_title' : 'promotions_title')} remote={__APP_NAME__} version={__APP_VERSION__} />
  );
}
