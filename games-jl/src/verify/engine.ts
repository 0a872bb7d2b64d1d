// The verification page's use of the shared game engine (@platform/inhouse-games): the
// same code the server ran, fed with HMAC blocks computed by the browser (WebCrypto, or crypto-js
// where the page is not a secure context).
import {
  chainSeedVerifies,
  compileSlotMachine,
  replayWithAsyncHmac,
  spinSlot,
  webCryptoHmacSha256,
  utf8Bytes,
  type CompiledSlotMachine,
  type HmacSha256Async,
  type HmacSubtleCrypto,
  type RandomSource,
  type SlotRoundResult,
  type SlotSpinScreen,
} from '@platform/inhouse-games';
import type { Cell, LineWin, SpinStep } from '../api/types';
import { SLOT_DEFINITIONS, crashPointFrom } from './games';

export type VerifiedOutcome =
  | { kind: 'slot'; gameCode: string; bet: number; base: SpinStep; freeSpins: SpinStep[]; totalWin: number }
  | { kind: 'crash'; gameCode: string; crashPoint: number };

const machines = new Map<string, CompiledSlotMachine>();
function machineOf(gameCode: string): CompiledSlotMachine | null {
  const definition = SLOT_DEFINITIONS.find((candidate) => candidate.gameCode === gameCode);
  if (!definition) return null;
  let machine = machines.get(gameCode);
  if (!machine) {
    machine = compileSlotMachine(definition);
    machines.set(gameCode, machine);
  }
  return machine;
}

export const VERIFIABLE_GAMES = () => [...SLOT_DEFINITIONS.map((definition) => ({ gameCode: definition.gameCode, kind: 'slot' as const, betSteps: definition.betSteps.map((minor) => minor / 100) })), { gameCode: 'JLC001', kind: 'crash' as const, betSteps: [] }];

const toMajor = (minor: number) => Math.round(minor) / 100;

export function stepOfScreen(screen: SlotSpinScreen): SpinStep {
  return {
    grid: screen.grid.map((column) => [...column]),
    lineWins: screen.lineWins.map(
      (win): LineWin => ({ line: win.line, symbol: win.symbol, count: win.count, win: toMajor(win.win), cells: win.positions.map(([reel, row]) => [reel, row] as Cell) }),
    ),
    scatter: screen.scatter.count > 0 ? { count: screen.scatter.count, win: toMajor(screen.scatter.win), freeSpins: screen.freeSpinsAwarded, cells: screen.scatter.positions.map(([reel, row]) => [reel, row] as Cell) } : null,
    expandedReels: [...screen.expandedReels],
    multiplier: screen.multiplier,
    win: toMajor(screen.win),
  };
}

interface Hashing {
  hmac: HmacSha256Async;
  sha256Hex(text: string): Promise<string>;
}

const hex = (bytes: Uint8Array) => [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');

type Subtle = HmacSubtleCrypto & { digest(algorithm: 'SHA-256', data: Uint8Array<ArrayBuffer>): Promise<ArrayBuffer> };

/**
 * WebCrypto where the browser has it (secure pages); elsewhere (plain HTTP on another host than
 * localhost) crypto-js, fetched then. A chunk that cannot be fetched: 'webcrypto.unavailable'.
 */
async function hashing(): Promise<Hashing> {
  const subtle = (globalThis.crypto as Crypto | undefined)?.subtle as unknown as Subtle | undefined;
  if (subtle) return { hmac: webCryptoHmacSha256(subtle), sha256Hex: async (text) => hex(new Uint8Array(await subtle.digest('SHA-256', utf8Bytes(text)))) };
  try {
    const fallback = await import(/* webpackChunkName: "verify-fallback-hashing" */ './fallback-hashing');
    return { hmac: fallback.fallbackHmacSha256, sha256Hex: fallback.fallbackSha256Hex };
  } catch {
    throw new Error('webcrypto.unavailable');
  }
}

/** Hex SHA-256 of the seed's text: what the game showed before the seed was used. */
export async function sha256Hex(text: string): Promise<string> {
  return (await hashing()).sha256Hex(text);
}

/**
 * True when hashing a crash round's seed `index` times gives the chain end published before the
 * chain's first round (shared crash-chain.ts): the seed was fixed before any of its bets.
 */
export async function chainVerifies(serverSeed: string, index: number, chainEnd: string): Promise<boolean> {
  const { sha256Hex: digest } = await hashing();
  return chainSeedVerifies(digest, serverSeed, index, chainEnd);
}

/** Recomputes a round from its seeds, in the browser. Throws for an unknown game or a bad bet. */
export async function recompute(input: { gameCode: string; serverSeed: string; clientSeed: string; nonce: number; bet: number | null }): Promise<VerifiedOutcome> {
  const { hmac } = await hashing();
  const seeds = { serverSeed: input.serverSeed, clientSeed: input.clientSeed, nonce: input.nonce };
  if (input.gameCode === 'JLC001') {
    const crashPoint = await replayWithAsyncHmac(hmac, seeds, (source: RandomSource) => crashPointFrom(source));
    return { kind: 'crash', gameCode: input.gameCode, crashPoint };
  }
  const machine = machineOf(input.gameCode);
  if (!machine) throw new Error('game.unknown');
  const betMinor = input.bet === null ? machine.definition.betSteps[0] : Math.round(input.bet * 100);
  const result: SlotRoundResult = await replayWithAsyncHmac(hmac, seeds, (source: RandomSource) => spinSlot(machine, source, betMinor));
  return { kind: 'slot', gameCode: input.gameCode, bet: toMajor(result.bet), base: stepOfScreen(result.base), freeSpins: result.freeSpins.map(stepOfScreen), totalWin: toMajor(result.totalWin) };
}
