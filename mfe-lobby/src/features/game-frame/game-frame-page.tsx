import { PageScaffold, useT } from '@platform/shared';
import { NAMESPACE } from '../../locales';

export default function GameFramePage() {
  const { t } = useT(NAMESPACE);
  return <PageScaffold title={t('game_title')} remote={__APP_NAME__} version={__APP_VERSION__} />;
}
