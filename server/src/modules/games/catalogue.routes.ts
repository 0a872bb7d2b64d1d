import {
  GAME_LIST_DEFAULT_PAGE_SIZE,
  RANK_LIST_DEFAULT_SIZE,
  RECENT_GAMES_MAX,
  addFavouriteGameCall,
  favouriteGameIdsCall,
  favouriteGamesCall,
  gameListCall,
  hotGamesCall,
  jackpotCall,
  rankListCall,
  recentGamesCall,
  removeFavouriteGameCall,
  roomListCall,
  vassGameTypeCall,
} from '@platform/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Clock } from '../../config';
import type { Db } from '../../db/pool';
import { ok } from '../../http/envelope';
import { callerLanguageOf } from '../../http/request-context';
import { apiSchema, type RouteOf } from '../../http/schemas';
import { resolveLanguage } from '../../i18n/messages';
import { merchantOf } from '../../plugins/merchant';
import { authorizationHeader, memberOf } from '../session';
import * as catalogue from './catalogue.service';

export interface CatalogueRoutesOptions {
  db: Db;
  clock: Clock;
}

/** The language of names: the query's when sent, else the caller's Language header. */
const languageOf = (request: FastifyRequest, language: string | undefined): string =>
  language ? resolveLanguage(language) : callerLanguageOf(request);

const platformsOf = (platform: string | undefined): string[] | undefined => (platform ? platform.split(',') : undefined);

// The game catalogue's calls. Closed by default (a live session of a real
// account: free-play guests are refused), except the hot games (anyone; a logged-in caller's
// favourites are marked), the winners board and the jackpot (anyone: home page content).
export async function catalogueRoutes(app: FastifyInstance, { db, clock }: CatalogueRoutesOptions): Promise<void> {
  const winners = new catalogue.WinnersBoard(db, clock);
  app.get<RouteOf<typeof gameListCall>>(
    '/wps/relay/GCSGAME_gameList',
    {
      schema: apiSchema({
        tags: ['games'],
        summary: 'Game list of the lobby (filters, pages)',
        description:
          'Enabled games of enabled vendor rows: category (gameType), vendor, classification, name (contains, any case), minimum bet at most minBet, at least minLineNum lines, platform; pageNo from 1, pageSize at most 100 (42 by default).',
        headers: authorizationHeader,
        call: gameListCall,
      }),
    },
    async (request) => {
      const member = memberOf(request);
      const query = request.query;
      return ok(
        await catalogue.listGames(db, {
          merchantId: member.merchantId,
          memberId: member.id,
          language: languageOf(request, query.language),
          gameCategory: query.gameType,
          vassalage: query.vassalage,
          gameClassify: query.gameClassify,
          gameName: query.gameName,
          minBet: query.minBet,
          minLineNum: query.minLineNum,
          platforms: platformsOf(query.platform),
          pageNo: query.pageNo ?? 1,
          pageSize: query.pageSize ?? GAME_LIST_DEFAULT_PAGE_SIZE,
        }),
      );
    },
  );

  app.get<RouteOf<typeof hotGamesCall>>(
    '/wps/relay/GCSGAME_hotGamesV2',
    {
      config: { auth: 'optional' },
      schema: apiSchema({ tags: ['games'], summary: 'Hot games', headers: authorizationHeader, call: hotGamesCall }),
    },
    async (request) => {
      const { vassalage, platform, language } = request.query;
      const list = await catalogue.hotGames(db, {
        merchantId: merchantOf(request).id,
        memberId: request.authenticated?.member.id ?? null,
        language: languageOf(request, language),
        vassalage,
        platforms: platformsOf(platform),
      });
      return ok({ list });
    },
  );

  app.get<RouteOf<typeof vassGameTypeCall>>(
    '/wps/relay/GCSGAME_getVassGameType',
    {
      schema: apiSchema({
        tags: ['games'],
        summary: "The classifications of each vendor's games (the lobby's filter)",
        headers: authorizationHeader,
        call: vassGameTypeCall,
      }),
    },
    async (request) => {
      const { gameType, vassalage, language } = request.query;
      return ok(await catalogue.vendorClassifications(db, memberOf(request).merchantId, languageOf(request, language), gameType, vassalage));
    },
  );

  app.get<RouteOf<typeof favouriteGameIdsCall>>(
    '/wps/relay/MCSFE_getFavoriteGames',
    {
      schema: apiSchema({ tags: ['games'], summary: "The caller's favourite games' nodeIds", headers: authorizationHeader, call: favouriteGameIdsCall }),
    },
    async (request) => {
      const member = memberOf(request);
      return ok(await catalogue.favouriteIds(db, member.merchantId, member.id));
    },
  );

  app.get<RouteOf<typeof favouriteGamesCall>>(
    '/wps/relay/MCSFE_getFavoriteGamesList',
    {
      schema: apiSchema({ tags: ['games'], summary: "The caller's favourite games", headers: authorizationHeader, call: favouriteGamesCall }),
    },
    async (request) => {
      const member = memberOf(request);
      const { gameType, language, pageNo, pageSize } = request.query;
      return ok(
        await catalogue.favouriteGames(db, {
          merchantId: member.merchantId,
          memberId: member.id,
          language: languageOf(request, language),
          gameCategory: gameType,
          pageNo: pageNo ?? 1,
          pageSize: pageSize ?? GAME_LIST_DEFAULT_PAGE_SIZE,
        }),
      );
    },
  );

  app.post<RouteOf<typeof addFavouriteGameCall>>(
    '/wps/relay/MCSFE_addFavoriteGame',
    {
      schema: apiSchema({
        tags: ['games'],
        summary: 'Add a game to the favourites',
        description: 'Adding a favourite again changes nothing. An unknown or disabled game (or a vendor / gameType that is not the game’s): 404 game.not_found.',
        headers: authorizationHeader,
        call: addFavouriteGameCall,
      }),
    },
    async (request) => {
      const member = memberOf(request);
      return ok(await catalogue.addFavourite(db, member.merchantId, member.id, request.body, clock()));
    },
  );

  app.post<RouteOf<typeof removeFavouriteGameCall>>(
    '/wps/relay/MCSFE_removeFavoriteGame',
    {
      schema: apiSchema({
        tags: ['games'],
        summary: 'Remove a game from the favourites',
        description: 'Removing a game that is not a favourite (or unknown) changes nothing and succeeds.',
        headers: authorizationHeader,
        call: removeFavouriteGameCall,
      }),
    },
    async (request) => {
      const member = memberOf(request);
      return ok(await catalogue.removeFavourite(db, member.merchantId, member.id, request.body));
    },
  );

  app.get<RouteOf<typeof recentGamesCall>>(
    '/wps/relay/GCS_recentGame',
    {
      schema: apiSchema({ tags: ['games'], summary: 'The games the caller launched lately', headers: authorizationHeader, call: recentGamesCall }),
    },
    async (request) => {
      const member = memberOf(request);
      const { language, pageNo, pageSize } = request.query;
      return ok(
        await catalogue.recentGames(db, {
          merchantId: member.merchantId,
          memberId: member.id,
          language: languageOf(request, language),
          pageNo: pageNo ?? 1,
          pageSize: pageSize ?? RECENT_GAMES_MAX,
        }),
      );
    },
  );

  app.get<RouteOf<typeof roomListCall>>(
    '/wps/relay/GLS2_roomList',
    {
      schema: apiSchema({ tags: ['games'], summary: 'Rooms of PVP games', headers: authorizationHeader, call: roomListCall }),
    },
    async (request) => {
      const { vassalage, gameId, language } = request.query;
      return ok(await catalogue.rooms(db, { merchantId: memberOf(request).merchantId, language: languageOf(request, language), vassalage, gameId }));
    },
  );

  app.get<RouteOf<typeof rankListCall>>(
    '/wps/relay/GCSGAME_getRankList',
    {
      config: { auth: 'public' },
      schema: apiSchema({
        tags: ['games'],
        summary: 'Winners board',
        description: 'The biggest real-money wins of the last 7 days (rounds not rolled back), players’ names masked; read again at most every 30 s.',
        call: rankListCall,
      }),
    },
    async (request) => {
      const { language, size } = request.query;
      return ok(await winners.rankList(merchantOf(request).id, languageOf(request, language), size ?? RANK_LIST_DEFAULT_SIZE));
    },
  );

  app.get<RouteOf<typeof jackpotCall>>(
    '/wps/relay/VIS_getJackpot',
    {
      config: { auth: 'public' },
      schema: apiSchema({
        tags: ['games'],
        summary: 'Jackpot figures',
        description:
          "The largest single win and the largest win multiple of the last 30 days, and everything won since the start of the merchant's day: real figures from the game rounds, read again at most every 30 s.",
        call: jackpotCall,
      }),
    },
    async (request) => ok(await winners.jackpot(merchantOf(request).id, languageOf(request, request.query.language))),
  );
}
