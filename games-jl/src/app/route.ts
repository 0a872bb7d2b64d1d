// The pages of the JL client, by path (the server answers each with the same index.html):
//   /jl/play/<gameCode>?session=..&lang=..[&trial=1]   the game (slot or crash, by its code)
//   /jl/verify?game=..&serverSeed=..&clientSeed=..&nonce=..[&hash=..][&chainEnd=..&chainIndex=..]   the fairness check

export type GameKind = 'slot' | 'crash';

export type Route =
  | { page: 'play'; gameCode: string; kind: GameKind | null; session: string | null; trial: boolean; lang: string | null }
  | { page: 'verify'; lang: string | null; params: URLSearchParams }
  | { page: 'not-found'; lang: string | null };

export const MOUNT_PATH = '/jl';

/** JLS… are slots, JLC… the crash game; anything else is not a game of this provider. */
export function kindOfGame(gameCode: string): GameKind | null {
  if (/^JLS\d{3}$/.test(gameCode)) return 'slot';
  if (/^JLC\d{3}$/.test(gameCode)) return 'crash';
  return null;
}

export function routeOf(pathname: string, search: string): Route {
  const params = new URLSearchParams(search);
  const lang = params.get('lang');
  const path = pathname.replace(/\/+$/, '');
  const play = new RegExp(`^${MOUNT_PATH}/play/([A-Za-z0-9_]{1,40})$`).exec(path);
  if (play) {
    const gameCode = decodeURIComponent(play[1]).toUpperCase();
    return { page: 'play', gameCode, kind: kindOfGame(gameCode), session: params.get('session'), trial: params.get('trial') === '1', lang };
  }
  if (path === `${MOUNT_PATH}/verify`) return { page: 'verify', lang, params };
  return { page: 'not-found', lang };
}

/** The verification page's address with a round's values filled in. */
export function verifyHref(values: {
  game: string;
  serverSeed?: string;
  serverSeedHash?: string;
  clientSeed: string;
  nonce: number;
  bet?: number;
  /** A chain crash round: the chain's published end and the round's place in it. */
  chainEnd?: string | null;
  chainIndex?: number | null;
  lang?: string | null;
}): string {
  const params = new URLSearchParams({ game: values.game });
  if (values.serverSeed) params.set('serverSeed', values.serverSeed);
  if (values.serverSeedHash) params.set('hash', values.serverSeedHash);
  params.set('clientSeed', values.clientSeed);
  params.set('nonce', String(values.nonce));
  if (values.bet !== undefined) params.set('bet', String(values.bet));
  if (values.chainEnd && values.chainIndex) {
    params.set('chainEnd', values.chainEnd);
    params.set('chainIndex', String(values.chainIndex));
  }
  if (values.lang) params.set('lang', values.lang);
  return `${MOUNT_PATH}/verify?${params.toString()}`;
}
