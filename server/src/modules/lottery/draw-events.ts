import type pg from 'pg';
import type { LotteryDraw } from '@platform/contract';
import { ChannelListener } from '../../db/channel-listener';
import type { Db } from '../../db/pool';
import { drawById } from './lobby.service';
import { LOTTERY_DRAW_CHANNEL } from './rounds.service';

// The draw push (results pushed to open browsers): the scheduler announces each round
// it draws, settles or voids on the channel lottery_draw (every replica hears it); one listener
// per process reads the round once and writes it to the streams open on that merchant's game.
// A notification missed while the listener was down is not replayed: a page reads the latest
// draw when its countdown passes the draw time, and after reconnecting.

export interface DrawSubscriber {
  merchantId: number;
  gameCode: string;
  send: (draw: LotteryDraw) => void;
  end: () => void;
}

export class DrawStreams {
  private readonly subscribers = new Set<DrawSubscriber>();
  private readonly listener: ChannelListener;

  constructor(private readonly options: { db: Db; connection: pg.ClientConfig; onProblem?: (message: string, error?: unknown) => void }) {
    this.listener = new ChannelListener({
      connection: options.connection,
      channel: LOTTERY_DRAW_CHANNEL,
      applicationName: 'lottery_draw_listener',
      onNotification: (payload) => void this.announce(Number(payload)),
      onProblem: options.onProblem,
    });
  }

  start(): Promise<void> {
    return this.listener.start();
  }

  subscribe(subscriber: DrawSubscriber): () => void {
    this.subscribers.add(subscriber);
    return () => this.subscribers.delete(subscriber);
  }

  private async announce(roundId: number): Promise<void> {
    if (!Number.isSafeInteger(roundId) || this.subscribers.size === 0) return;
    try {
      const draw = await drawById(this.options.db, roundId);
      if (!draw) return;
      const { merchantId, ...wire } = draw;
      for (const subscriber of this.subscribers) {
        if (subscriber.merchantId === merchantId && subscriber.gameCode === wire.gameCode) subscriber.send(wire);
      }
    } catch (error) {
      this.options.onProblem?.(`the draw of lottery round ${roundId} could not be pushed`, error);
    }
  }

  endStreams(): void {
    for (const subscriber of this.subscribers) subscriber.end();
    this.subscribers.clear();
  }

  close(): Promise<void> {
    return this.listener.close();
  }
}
