// What a failed call of the game server means to the player: the envelope's errorCode (listed in
// contract/src/inhouse-games.ts) to one of a few clear messages.

export type ProblemKind =
  | 'insufficientFunds'
  | 'sessionExpired'
  | 'maintenance'
  | 'unavailable'
  | 'betInvalid'
  | 'clientSeedInvalid'
  | 'bettingClosed'
  | 'betExists'
  | 'noBet'
  | 'crashed'
  | 'tooEarly'
  | 'network'
  | 'other';

export class GameApiError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: string | null,
    message: string,
  ) {
    super(message);
    this.name = 'GameApiError';
  }

  get kind(): ProblemKind {
    return problemKindOf(this.status, this.errorCode);
  }
}

const BY_CODE: [RegExp, ProblemKind][] = [
  [/insufficient|balance.not.enough/, 'insufficientFunds'],
  [/session|token/, 'sessionExpired'],
  [/maintenance/, 'maintenance'],
  [/provider\.unavailable|unavailable/, 'unavailable'],
  [/bet\.invalid|amount/, 'betInvalid'],
  [/client_seed|clientseed/, 'clientSeedInvalid'],
  [/betting_closed/, 'bettingClosed'],
  [/bet_exists/, 'betExists'],
  [/no_bet/, 'noBet'],
  [/crashed/, 'crashed'],
  [/too_early/, 'tooEarly'],
];

export function problemKindOf(status: number, errorCode: string | null): ProblemKind {
  if (status === 0) return 'network';
  const code = (errorCode ?? '').toLowerCase();
  for (const [pattern, kind] of BY_CODE) if (pattern.test(code)) return kind;
  if (status === 401) return 'sessionExpired';
  if (status === 503) return 'unavailable';
  return 'other';
}

/** The translation key of a problem's message. */
export function problemKey(kind: ProblemKind): string {
  return `problem.${kind}`;
}
