// The lobby's view of a game, read from the catalogue's game entity
// (contract/src/games.ts gameEntitySchema) and from the launch's suggestions: one place
// that knows the field names.
import { amountMinorFromMajor, type AmountMinor } from '@platform/shared';

export interface LobbyGame {
  /** The catalogue's id of the game (nodeId on the wire). */
  nodeId: string;
  gameCode: string;
  name: string;
  vassalage: string;
  /** The game's category (RNG, LIVE, LOTT, ...). */
  gameType: string;
  gameClassify: string | null;
  iconUrl: string | null;
  /** The smallest stake in minor units; null when unknown. */
  minBetMinor: AmountMinor | null;
  lineNum: number | null;
  isHot: boolean;
  isNew: boolean;
  /** Playable with play money without an account. */
  trialEnabled: boolean;
  /** 'VASSALAGE': the entry stands for a vendor whose games open in a popup list. */
  isGame: string | null;
  accountTypeName: string | null;
  /** Lottery game code and default play type (LOTT / ELOTT entries). */
  code: string | null;
  defaultPlayType: string | null;
}

type Raw = Record<string, unknown>;

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : null);
const bool = (value: unknown): boolean => value === true || value === 1 || value === 'true';
const count = (value: unknown): number | null => {
  const number = typeof value === 'string' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) && number > 0 ? number : null;
};

/** A stake of the wire (major units, a number or a decimal text) in minor units. */
export function minorOfMajor(value: unknown): AmountMinor | null {
  // Read on the number's own decimal digits: toFixed(2) first would round the float (1.005 → '1.00').
  if ((typeof value === 'number' && Number.isFinite(value)) || (typeof value === 'string' && value !== '')) return amountMinorFromMajor(value);
  return null;
}

/** One game of a list answer (game list, hot games, favourites, recent, suggestions). */
export function lobbyGameOf(raw: Raw): LobbyGame {
  return {
    nodeId: text(raw.nodeId) ?? text(raw.gameId) ?? text(raw.id) ?? '',
    gameCode: text(raw.gameCode) ?? '',
    name: text(raw.gameName) ?? text(raw.name) ?? text(raw.gameCode) ?? '',
    vassalage: text(raw.vassalage) ?? text(raw.vendor) ?? '',
    gameType: text(raw.gameType) ?? text(raw.gameCategory) ?? '',
    gameClassify: text(raw.gameClassify),
    iconUrl: text(raw.iconUrl) ?? text(raw.imageUrl) ?? text(raw.icon),
    minBetMinor: minorOfMajor(raw.minBet),
    lineNum: count(raw.lineNum),
    isHot: bool(raw.isHot),
    isNew: bool(raw.isNew),
    trialEnabled: bool(raw.trial) || bool(raw.trialEnabled),
    isGame: text(raw.isGame),
    accountTypeName: text(raw.accountTypeName),
    code: text(raw.code),
    defaultPlayType: text(raw.defaultPlayType),
  };
}

export function lobbyGamesOf(list: unknown): LobbyGame[] {
  return Array.isArray(list) ? list.filter((entry): entry is Raw => !!entry && typeof entry === 'object').map(lobbyGameOf) : [];
}
