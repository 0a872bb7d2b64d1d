// Wire answers of the catalogue for the lobby's tests (shapes of contract/src/games.ts).
import type { GameEntity, GameListValue, GameVendorValue } from '@platform/contract';

export function gameEntity(overrides: Partial<GameEntity> = {}): GameEntity {
  const nodeId = overrides.nodeId ?? '11';
  return {
    nodeId,
    gameId: Number(nodeId),
    gameType: 'RNG',
    isGame: 'GAME',
    code: 'JLS001',
    gameCode: 'JLS001',
    vassalage: 'JL',
    vendor: 'Lucky Star Originals',
    provider: 'LUCKYSTAR',
    accountTypeName: null,
    gameName: 'Fortune Gems',
    iconUrl: '/assets/games/jls001.svg',
    minBet: 0.2,
    lineNum: 20,
    isHot: true,
    isNew: false,
    trial: true,
    gameClassify: 'SLOT',
    isFavourite: false,
    ...overrides,
  };
}

export const FORTUNE_GEMS = gameEntity();
export const DRAGON_PEARL = gameEntity({ nodeId: '12', code: 'JLS002', gameCode: 'JLS002', gameName: 'Dragon Pearl', lineNum: 25, isHot: false });

export const LANES: GameVendorValue = {
  data: {
    lanes: [
      {
        gameCategory: 'LIVE',
        vendors: [
          { vassalage: 'EVO', vendorName: 'Evolution', provider: 'EVOLUTION', isHot: true, gameCategory: 'LIVE', gameClassify: null, iconUrl: '/assets/vendors/live.svg', colorIconUrl: null, accountTypeName: null },
        ],
      },
      {
        gameCategory: 'SPORTS',
        vendors: [
          { vassalage: 'SABA', vendorName: 'SABA Sports', provider: 'SABA', isHot: true, gameCategory: 'SPORTS', gameClassify: null, iconUrl: '/assets/vendors/sports.svg', colorIconUrl: null, accountTypeName: null },
        ],
      },
      {
        gameCategory: 'RNG',
        vendors: [
          { vassalage: 'PG', vendorName: 'PG Soft', provider: 'PGSOFT', isHot: true, gameCategory: 'RNG', gameClassify: 'SLOT', iconUrl: '/assets/vendors/rng.svg', colorIconUrl: null, accountTypeName: null },
          { vassalage: 'JL', vendorName: 'Lucky Star Originals', provider: 'LUCKYSTAR', isHot: false, gameCategory: 'RNG', gameClassify: 'SLOT', iconUrl: '/assets/vendors/inhouse.svg', colorIconUrl: null, accountTypeName: null },
        ],
      },
    ],
  },
};

export function gamePage(games: GameEntity[], pageNo = 1, totalPages = 1): GameListValue {
  return { games, totalPages, totalCount: games.length, hasMore: pageNo < totalPages, pageNo, pageSize: 42 };
}
