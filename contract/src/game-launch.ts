// Game launch (server module game-provider/): the launch request. The answer is
// the URL the /game frame opens; for the in-house vendor (JL) a page of this site:
// `/jl/play/<gameCode>?session=<token>&lang=<EN|CN|…>` (`&trial=1` for a trial).
//
// Failures the lobby handles itself (no toast):
//   vendor_under_maintenance        value.content.data.{maintainTime,endTime} (epoch ms; endTime
//                                   null: until further notice), also value.maintenanceStart /
//                                   maintenanceEnd, and value.suggestions: up to 6 popular games
//                                   that can be launched now (LaunchSuggestion)
//   launch_game_balance_not_enough  value.{balance,minBet} (major units): offer a deposit
//   game.vendor.not_connected       the vendor has no adapter yet ("contact customer service")
//   game.not_found                  no such enabled game (or no trial for it)
import { defineCall, type ValueOf } from './define-call';

const code = { type: 'string', pattern: '^[A-Za-z0-9_.-]{1,64}$' } as const;

const launchValue = {
  type: 'object',
  required: ['game_url'],
  properties: {
    game_url: { type: 'string', description: 'what the /game frame opens; relative to the site for in-house games' },
  },
} as const;

export const launchGameCall = /*#__PURE__*/ defineCall({
  name: 'launchGame',
  method: 'POST',
  path: '/wps/game/launchGame',
  moduleId: 'GAME3',
  token: true,
  // The lobby shows the maintenance, balance and not-connected answers itself.
  quiet: true,
  body: {
    type: 'object',
    required: ['launchMode'],
    additionalProperties: false,
    properties: {
      gameId: { ...code, description: "the game's code (gameCode, e.g. JLS001) or its id; with vassalage when a code" },
      roomId: { ...code, description: 'a PVP room (game_room.id or room code) instead of a game' },
      nodeId: { type: 'string', pattern: '^[0-9]{1,10}$', description: 'the game id as the game list gives it (nodeId)' },
      accountType: { type: 'integer', minimum: 0, maximum: 100, description: '1 (real money)' },
      confirmTrans: { type: 'integer', minimum: 0, maximum: 1, description: '0' },
      vassalage: { type: 'string', pattern: '^[A-Za-z0-9_]{1,32}$', description: 'vendor code, e.g. JL' },
      launchMode: { type: 'string', pattern: '^[A-Z_]{1,16}$', description: 'GLS (required)' },
      platform: { type: 'string', enum: ['html5-desktop', 'html5', 'flash'] },
      clientType: { type: 'integer', minimum: 0, maximum: 100, description: '3' },
      username: { type: 'string', maxLength: 64, description: 'ignored: the session names the member' },
      token: { type: 'string', maxLength: 512, description: 'ignored: the Authorization header carries the session' },
      merchantCode: { type: 'string', maxLength: 64, description: 'ignored: the merchant is the site’s' },
      language: { type: 'string', pattern: '^[A-Za-z]{2}$', description: 'the game page language: BN, CN, EN, ID, TH, TY, VI' },
    },
  },
  value: launchValue,
});

export const launchTrialCall = /*#__PURE__*/ defineCall({
  name: 'launchTrial',
  method: 'POST',
  path: '/wps/game/launchTrial',
  moduleId: 'GAME3',
  quiet: true,
  body: {
    type: 'object',
    additionalProperties: false,
    properties: {
      gameId: { ...code, description: "the game's code or its id" },
      nodeId: { type: 'string', pattern: '^[0-9]{1,10}$', description: 'the game id (nodeId)' },
      vassalage: { type: 'string', pattern: '^[A-Za-z0-9_]{1,32}$' },
      platform: { type: 'string', enum: ['html5-desktop', 'html5', 'flash'] },
      language: { type: 'string', pattern: '^[A-Za-z]{2}$' },
    },
  },
  value: launchValue,
});

export type LaunchGameValue = ValueOf<typeof launchGameCall>;

/** A game offered instead of one whose vendor is under maintenance (vendor_under_maintenance value.suggestions). */
export interface LaunchSuggestion {
  nodeId: string;
  gameCode: string;
  gameName: string;
  vassalage: string;
  gameCategory: string;
  iconUrl: string | null;
}

/** The `value` of a vendor_under_maintenance failure. */
export interface VendorMaintenanceValue {
  content: { data: { maintainTime: number; endTime: number | null } };
  maintenanceStart: number;
  maintenanceEnd: number | null;
  suggestions: LaunchSuggestion[];
}

/** Play money of a trial session, in major units. */
export const TRIAL_PLAY_BALANCE = 2000;
