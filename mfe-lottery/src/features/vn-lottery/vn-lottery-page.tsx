import { PageScaffold, useT } from '@platform/shared';
import { NAMESPACE } from '../../locales';

export default function VnLotteryPage() {
  const { t } = useT(NAMESPACE);
  return <PageScaffold title={t('vnlottery_title')} remote={__APP_NAME__} version={__APP_VERSION__} />;
}
