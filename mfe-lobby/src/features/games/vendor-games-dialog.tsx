import { Modal, useT } from '@platform/shared';
import { GameList } from './game-list';
import { NAMESPACE } from './translations';

/** A vendor's games in a popup (VASSALAGE entries open a popup game list). */
export function VendorGamesDialog({ vassalage, gameType, onClose }: { vassalage: string; gameType: string; onClose: () => void }) {
  const { t } = useT(NAMESPACE);
  return (
    <Modal open onClose={onClose} title={t('vendor_games_title', { vendor: vassalage })} size="lg" testId="vendor-games-dialog">
      <GameList gameType={gameType} vassalage={vassalage} />
    </Modal>
  );
}
