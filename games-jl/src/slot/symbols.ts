// How a slot's symbols look: a picture character and a colour per symbol, by its place in the
// paytable; the wild and the scatter have their own. Pictures only: names come from translations.
import type { SlotSymbol } from '../api/types';

const PICTURES: Record<string, string[]> = {
  JLS001: ['💎', '👑', '🔔', '🍀', '🍒', '🍋', '🍇', '⭐', '🪙', '🎲'],
  JLS002: ['🐉', '🔮', '🏮', '🧧', '🪙', '🐟', '🌸', '🎋', '🀄', '🍊'],
};
const WILD = '🃏';
const SCATTER = '🌟';

export interface SymbolLook {
  picture: string;
  /** 0-9: the colour class of the tile. */
  tone: number;
}

export function symbolLook(gameCode: string, symbols: SlotSymbol[], id: string): SymbolLook {
  const index = symbols.findIndex((symbol) => symbol.id === id);
  const symbol = symbols[index];
  if (symbol?.kind === 'wild' || /wild/i.test(id)) return { picture: WILD, tone: 8 };
  if (symbol?.kind === 'scatter' || /scatter/i.test(id)) return { picture: SCATTER, tone: 9 };
  const pictures = PICTURES[gameCode] ?? PICTURES.JLS001;
  const normalIndex = index >= 0 ? symbols.slice(0, index).filter((candidate) => candidate.kind === 'normal').length : Math.abs(hash(id));
  return { picture: pictures[normalIndex % pictures.length], tone: normalIndex % 8 };
}

function hash(text: string): number {
  let value = 0;
  for (const char of text) value = (value * 31 + char.charCodeAt(0)) | 0;
  return value;
}

/** A symbol's name: the wild and the scatter translated, others by their English name. */
export function symbolName(t: (key: string) => string, symbol: Pick<SlotSymbol, 'id' | 'kind' | 'name'> | undefined, id = symbol?.id ?? ''): string {
  if (symbol?.kind === 'wild') return t('slot.wild');
  if (symbol?.kind === 'scatter') return t('slot.scatter');
  return symbol?.name || id;
}
