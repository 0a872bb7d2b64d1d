// The server's draws of one game as they happen (server-sent events, public, no session:
// GET /lgw/draw/events?gameCode=<code>, event `draw` carrying a LotteryDraw). The connection is
// the browser's EventSource, which reconnects by itself; the page reads the latest round again
// when it does (it may have missed a draw), and falls back to reading it at draw time while the
// connection is down (use-round.ts).
import { LOTTERY_DRAW_EVENT, LOTTERY_DRAW_EVENTS_PATH, type LotteryDraw } from '@platform/contract';
import { useEffect, useRef, useState } from 'react';

/** connecting → open; error while the browser retries; unsupported without EventSource. */
export type DrawEventsStatus = 'connecting' | 'open' | 'error' | 'unsupported';

export function drawEventsUrl(gameCode: string): string {
  return `${LOTTERY_DRAW_EVENTS_PATH}?gameCode=${encodeURIComponent(gameCode)}`;
}

/** A draw event's data, or null when it is not one (a page never trusts a stream blindly). */
export function parseDrawEvent(data: unknown, gameCode: string): LotteryDraw | null {
  if (typeof data !== 'string') return null;
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return null;
  }
  const draw = value as Partial<LotteryDraw> | null;
  if (!draw || draw.gameCode !== gameCode || typeof draw.numero !== 'string' || !Array.isArray(draw.numbers) || typeof draw.drawTime !== 'number') return null;
  if (!draw.numbers.every((number) => typeof number === 'string')) return null;
  return draw as LotteryDraw;
}

/**
 * Follows the draws of `gameCode` while mounted (the connection closes on unmount): `onDraw` for
 * each, `onReconnect` when the connection comes back after a failure.
 */
export function useDrawEvents(gameCode: string, onDraw: (draw: LotteryDraw) => void, onReconnect: () => void): DrawEventsStatus {
  const [status, setStatus] = useState<DrawEventsStatus>(() => (typeof EventSource === 'function' ? 'connecting' : 'unsupported'));
  const handlers = useRef({ onDraw, onReconnect });
  useEffect(() => {
    handlers.current = { onDraw, onReconnect };
  });

  useEffect(() => {
    if (typeof EventSource !== 'function') {
      setStatus('unsupported');
      return undefined;
    }
    const source = new EventSource(drawEventsUrl(gameCode));
    let failed = false;
    setStatus('connecting');
    const onDrawEvent = (event: MessageEvent) => {
      const draw = parseDrawEvent(event.data, gameCode);
      if (draw) handlers.current.onDraw(draw);
    };
    source.addEventListener(LOTTERY_DRAW_EVENT, onDrawEvent as EventListener);
    source.onopen = () => {
      setStatus('open');
      if (failed) handlers.current.onReconnect();
      failed = false;
    };
    source.onerror = () => {
      failed = true;
      setStatus('error');
    };
    return () => {
      source.removeEventListener(LOTTERY_DRAW_EVENT, onDrawEvent as EventListener);
      source.close();
    };
  }, [gameCode]);

  return status;
}
