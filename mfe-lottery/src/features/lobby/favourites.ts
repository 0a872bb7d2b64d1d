// The player's favourite lottery games: kept in this
// browser per username (localStorage LOTTFAV: username → game codes), read when a player logs in
// and whenever another tab changes them. A toggle removes a favourite or adds it, then stores the
// list; without a real account it opens the login popup (or the guest notice) instead.
import { getLotteryFavourites, requireRealAccount, sessionStore, setLotteryFavourites, useBusState } from '@platform/shared';
import { useCallback, useEffect, useState } from 'react';

const LOTTFAV = 'LOTTFAV';

/** The username favourites are kept under: the session's account. */
export function favouritesUsername(member: { account: string } | null): string | null {
  return member?.account ?? sessionStore.get('username') ?? null;
}

/** A player's favourite game codes (ids stored as numbers by older pages read as text). */
export function readFavourites(username: string | null): string[] {
  return username ? getLotteryFavourites(username).map(String) : [];
}

/** The toggle rule: a favourite is removed, anything else is added (last). */
export function toggledFavourites(favourites: readonly string[], gameCode: string): string[] {
  return favourites.includes(gameCode) ? favourites.filter((code) => code !== gameCode) : [...favourites, gameCode];
}

export interface LotteryFavourites {
  codes: readonly string[];
  isFavourite: (gameCode: string) => boolean;
  toggle: (gameCode: string) => void;
}

export function useLotteryFavourites(): LotteryFavourites {
  const session = useBusState('session');
  const username = session.token ? favouritesUsername(session.member) : null;
  const [codes, setCodes] = useState<string[]>(() => readFavourites(username));

  // Loaded at login (and emptied at logout); another tab's change arrives as a storage event.
  useEffect(() => {
    setCodes(readFavourites(username));
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key === LOTTFAV) setCodes(readFavourites(username));
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [username]);

  const toggle = useCallback(
    (gameCode: string) => {
      if (!requireRealAccount() || !username) return;
      const next = toggledFavourites(readFavourites(username), gameCode);
      setLotteryFavourites(username, next);
      setCodes(next);
    },
    [username],
  );

  return { codes, isFavourite: (gameCode) => codes.includes(gameCode), toggle };
}
