// The round on sale of each game a lobby shows (its card's countdown): read once per game, however
// many sections show it, and read again shortly after it closes. A game whose round cannot be read
// shows no countdown (the calls are quiet: a countdown is optional).
import { useEffect, useState } from 'react';
import { serverNow } from '../games/clock';
import { loadOpenedRound, type OpenedRound } from '../games/lottery-api';

/** After a close, the next round is read this long later (the server opens it at the close). */
export const REREAD_AFTER_CLOSE_MS = 1000;
/** setTimeout's longest delay. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export function useOpenedRounds(gameCodes: readonly string[]): ReadonlyMap<string, OpenedRound> {
  const key = [...new Set(gameCodes)].sort().join(',');
  const [rounds, setRounds] = useState<ReadonlyMap<string, OpenedRound>>(() => new Map());

  useEffect(() => {
    if (!key) return undefined;
    const controller = new AbortController();
    const timers = new Set<ReturnType<typeof setTimeout>>();
    const load = (gameCode: string) => {
      loadOpenedRound(gameCode, controller.signal).then(
        (round) => {
          if (controller.signal.aborted) return;
          setRounds((previous) => new Map(previous).set(gameCode, round));
          if (!round.current) return;
          const wait = round.current.closeTime - serverNow(round.offsetMs) + REREAD_AFTER_CLOSE_MS;
          const timer = setTimeout(() => {
            timers.delete(timer);
            load(gameCode);
          }, Math.min(Math.max(wait, REREAD_AFTER_CLOSE_MS), MAX_TIMER_MS));
          timers.add(timer);
        },
        () => undefined,
      );
    };
    key.split(',').forEach(load);
    return () => {
      controller.abort();
      timers.forEach(clearTimeout);
    };
  }, [key]);

  return rounds;
}
