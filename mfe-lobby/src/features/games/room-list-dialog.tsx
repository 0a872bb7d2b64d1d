import { Button, formatMoney, Modal, Spinner, useCall, useT } from '@platform/shared';
import { LoadError } from '@platform/ui-blocks';
import { useEffect } from 'react';
import { loadRooms } from './games-api';
import type { LobbyGame } from './game-model';
import styles from './games.module.css';
import { NAMESPACE } from './translations';

/** A PVP game's rooms (GLS2_roomList): the player enters one. A game without rooms starts at once. */
export function RoomListDialog({
  game,
  onClose,
  onEnter,
  onNoRooms,
}: {
  game: LobbyGame;
  onClose: () => void;
  onEnter: (roomId: string) => void;
  onNoRooms: () => void;
}) {
  const { t } = useT(NAMESPACE);
  const rooms = useCall((signal) => loadRooms(game, signal), [game.nodeId, game.vassalage], { requiresSession: true });
  const none = rooms.status === 'success' && rooms.data.length === 0;
  useEffect(() => {
    if (none) onNoRooms();
  }, [none, onNoRooms]);

  return (
    <Modal open onClose={onClose} title={t('rooms_title', { name: game.name })} size="md" testId="room-list-dialog">
      {rooms.status === 'loading' && <Spinner label={t('loading')} />}
      {rooms.status === 'error' && <LoadError title={t('load_failed')} variant="compact" onRetry={rooms.refresh} />}
      {rooms.status === 'success' && (
        <ul className={styles.rooms}>
          {rooms.data.map((room) => (
            <li key={room.roomId} className={styles.room}>
              <span className={styles.roomName}>{room.name}</span>
              <span className={styles.tileMeta}>
                {room.maxBetMinor !== null
                  ? t('room_bets', { min: formatMoney(room.minBetMinor), max: formatMoney(room.maxBetMinor) })
                  : t('min_bet_value', { amount: formatMoney(room.minBetMinor) })}
              </span>
              <Button size="sm" onClick={() => onEnter(room.roomId)}>
                {t('enter_room')}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}
