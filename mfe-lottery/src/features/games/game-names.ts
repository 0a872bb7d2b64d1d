// Games and game groups by name, in the player's language: the wire carries English names, and the
// pages translate by code (game_<gameCode>, group_label_<gameGroupCode> in the 'lottery'
// namespace), falling back to the server's name for a game a merchant added later.
import { useT } from '@platform/shared';
import { NAMESPACE } from '../../locales';

type Translate = ReturnType<typeof useT>['t'];

export function gameNameOf(t: Translate, game: { gameCode: string; gameName: string }): string {
  return t(`game_${game.gameCode}`, { ns: NAMESPACE, defaultValue: game.gameName });
}

export function groupLabelOf(t: Translate, group: { gameGroupCode: string; labelName: string }): string {
  return t(`group_label_${group.gameGroupCode}`, { ns: NAMESPACE, defaultValue: group.labelName });
}

/** The lottery page of a game (and play type): /lottery?gameCode=…[&playType=…], /vnlottery?gameCode=…. */
export function gamePath(gameCode: string, vietnam = false, playType?: string): string {
  const query = new URLSearchParams({ gameCode });
  if (playType) query.set('playType', playType);
  return `${vietnam ? '/vnlottery' : '/lottery'}?${query.toString()}`;
}

/** The game code of an address's `gameCode` (the contract's ^[A-Z0-9]{2,16}$, any case), or null. */
export function gameCodeOf(value: string | null): string | null {
  const code = value?.trim().toUpperCase() ?? '';
  return /^[A-Z0-9]{2,16}$/.test(code) ? code : null;
}
