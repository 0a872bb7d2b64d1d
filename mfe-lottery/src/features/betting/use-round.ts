// The round of a betting page: the one on sale with its countdown (on the server's clock), what
// follows its close (the next round, read again as soon as it opens), and the latest result. Draws
// arrive pushed (draw-events.ts); while the push is down, or when it is late, the page reads the
// round again once the closed round's draw time has come.
import { useCall, type ApiError } from '@platform/shared';
import type { LotteryDraw, LotteryRound } from '@platform/contract';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useServerNow } from '../games/clock';
import { loadOpenedRound, type OpenedRound } from '../games/lottery-api';
import { useDrawEvents, type DrawEventsStatus } from './draw-events';

/** Reading the round again while it is due (a close passed, a draw awaited): not more often than this. */
export const ROUND_RETRY_MS = 3000;
/** After a failed read, the page tries again this often (the last answer stays on screen). */
export const ROUND_RETRY_AFTER_FAILURE_MS = 10_000;
/** How long past a draw time a pushed draw may take before the page reads the round itself. */
export const PUSH_GRACE_MS = 10_000;
/** While no round is on sale (the game's rounds are not made yet, or it is paused), reading again this often. */
export const NO_ROUND_RETRY_MS = 10_000;
/** The most reads for one awaited draw (a draw that never comes is shown as awaited, not polled forever). */
export const MAX_DRAW_READS = 40;

export interface RoundView {
  status: 'loading' | 'error' | 'ready';
  error: ApiError | null;
  /** The server's time now (ticks every second). */
  now: number;
  offsetMs: number;
  /** The round on sale, while it takes bets (null once its close has passed, or when none is on sale). */
  open: LotteryRound | null;
  /** The round that closed and whose numbers are not known yet (shown as drawing). */
  drawing: LotteryRound | null;
  /** The newest round past its draw: drawn, still drawing, or void. */
  latestDraw: LotteryDraw | null;
  events: DrawEventsStatus;
  /** Reads the round again (after a refusal that says it changed). */
  refresh: () => void;
}

const isDrawn = (draw: LotteryDraw | null | undefined) => !!draw && draw.state !== 'open';

/** A round past its draw time whose numbers are not out yet, as the round it was. */
const roundOfDraw = (draw: LotteryDraw): LotteryRound => ({
  gameCode: draw.gameCode,
  numero: draw.numero,
  openTime: draw.drawTime,
  closeTime: draw.drawTime,
  drawTime: draw.drawTime,
  serverSeedHash: draw.serverSeedHash,
  state: 'open',
});

/** The newer of two draws (by draw time, then the drawn one). */
function newer(a: LotteryDraw | null, b: LotteryDraw | null): LotteryDraw | null {
  if (!a) return b;
  if (!b) return a;
  if (a.drawTime !== b.drawTime) return a.drawTime > b.drawTime ? a : b;
  return isDrawn(b) && !isDrawn(a) ? b : a;
}

/**
 * Follows the round of `gameCode`. `onDrawn` hears of each draw that reaches the page after it
 * opened (the member's bets may have won: the page reads its orders again).
 */
export function useRound(gameCode: string, onDrawn: (draw: LotteryDraw) => void): RoundView {
  const opened = useCall((signal) => loadOpenedRound(gameCode, signal), [gameCode]);
  // The last answer stays on screen while the next one loads, and when reading again fails (the
  // page keeps trying); never another game's.
  const lastAnswer = useRef<OpenedRound | undefined>(undefined);
  if (opened.status === 'success') lastAnswer.current = opened.data;
  const known = lastAnswer.current?.gameCode === gameCode ? lastAnswer.current : undefined;
  const offsetMs = known?.offsetMs ?? 0;
  const now = useServerNow(offsetMs);
  const { refresh } = opened;

  const [pushed, setPushed] = useState<LotteryDraw | null>(null);
  /** The round seen on sale (or still drawing) whose numbers the page waits for. */
  const [awaited, setAwaited] = useState<LotteryRound | null>(null);
  const onDrawnRef = useRef(onDrawn);
  useEffect(() => {
    onDrawnRef.current = onDrawn;
  });

  // Another game: nothing of the last one's is kept.
  useEffect(() => {
    setPushed(null);
    setAwaited(null);
  }, [gameCode]);

  const onDraw = useCallback((draw: LotteryDraw) => {
    setPushed((previous) => newer(previous, draw));
    onDrawnRef.current(draw);
  }, []);
  const events = useDrawEvents(gameCode, onDraw, refresh);

  const latestDraw = newer(known?.previous ?? null, pushed);
  const current = known?.current ?? null;
  const open = current && now < current.closeTime ? current : null;

  // A round seen on sale that has closed: its draw is awaited.
  const lastSeen = useRef<LotteryRound | null>(null);
  useEffect(() => {
    const seen = lastSeen.current;
    if (seen && seen.numero !== current?.numero && seen.gameCode === gameCode) setAwaited((previous) => (previous && previous.drawTime > seen.drawTime ? previous : seen));
    lastSeen.current = current;
  }, [current, gameCode]);
  useEffect(() => {
    if (current && now >= current.closeTime) setAwaited((previous) => (previous?.numero === current.numero ? previous : current));
  }, [current, now]);
  // The page opened while the latest round was still drawing: its numbers are awaited too.
  const stillDrawing = known?.previous && known.previous.state === 'open' ? known.previous : null;
  useEffect(() => {
    if (stillDrawing) setAwaited((previous) => previous ?? roundOfDraw(stillDrawing));
  }, [stillDrawing]);

  // The awaited draw is here (pushed, or read with the round).
  const awaitedDrawn = awaited !== null && latestDraw !== null && isDrawn(latestDraw) && latestDraw.numero === awaited.numero;
  const drawnRef = useRef<string | null>(null);
  useEffect(() => {
    if (!awaitedDrawn || !latestDraw) return;
    setAwaited(null);
    // A draw read (not pushed) still means the member's bets may have won.
    if (drawnRef.current !== latestDraw.numero && pushed?.numero !== latestDraw.numero) onDrawnRef.current(latestDraw);
    drawnRef.current = latestDraw.numero;
  }, [awaitedDrawn, latestDraw, pushed]);
  const drawing = awaited && !awaitedDrawn ? awaited : null;

  // Reading again when due: the round on sale closed (the next one is on sale by then), or the
  // closed round's draw time has passed without its numbers (push down, or late).
  const lastRead = useRef(0);
  const drawReads = useRef<{ numero: string; count: number }>({ numero: '', count: 0 });
  const loading = opened.status === 'loading';
  const failed = opened.status === 'error';
  const noneOnSale = known !== undefined && current === null && !failed;
  useEffect(() => {
    if (loading || now - lastRead.current < (failed ? ROUND_RETRY_AFTER_FAILURE_MS : noneOnSale ? NO_ROUND_RETRY_MS : ROUND_RETRY_MS)) return;
    const closedDue = current !== null && now >= current.closeTime;
    let drawDue = false;
    if (drawing) {
      const grace = events === 'open' ? PUSH_GRACE_MS : 0;
      if (drawReads.current.numero !== drawing.numero) drawReads.current = { numero: drawing.numero, count: 0 };
      drawDue = now >= drawing.drawTime + grace && drawReads.current.count < MAX_DRAW_READS;
    }
    if (!closedDue && !drawDue && !noneOnSale && !(failed && known)) return;
    if (drawDue) drawReads.current.count += 1;
    lastRead.current = now;
    refresh();
  }, [now, loading, failed, known, current, drawing, events, refresh, noneOnSale]);

  return useMemo(
    () => ({
      status: known ? 'ready' : failed ? 'error' : 'loading',
      error: failed ? opened.error : null,
      now,
      offsetMs,
      open,
      drawing,
      latestDraw,
      events,
      refresh,
    }),
    [known, failed, opened.error, now, offsetMs, open, drawing, latestDraw, events, refresh],
  );
}
