import type { APIRequestContext } from '@playwright/test';

// The lottery in browser tests: bets placed through the real betting call.

/** Places a 20.00 bet (every digit on the first position) on the round of SSC1 on sale; retries a round that closed. */
export async function betOnSsc(request: APIRequestContext, token: string): Promise<string> {
  for (let attempt = 1; attempt <= 3; attempt += 1) {
    const opened = await request.get('/lgw/games/opened/numero?gameCode=SSC1');
    const round = (await opened.json()).value.current as { numero: string; closeTime: number } | null;
    if (!round) {
      await new Promise((resolve) => setTimeout(resolve, 3000));
      continue;
    }
    const placed = await request.post('/lgw/orders/betting', {
      headers: { authorization: token },
      data: { gameCode: 'SSC1', currentNumero: round.numero, bettingSlipString: '0,1,2,3,4,5,6,7,8,9____~1~1011~1~1900~1', betCartAmountSum: '20.0000', device: 'WEB' },
    });
    const body = await placed.json();
    if (body.success) return round.numero;
    if (body.errorCode !== 'lottery.round.closed') throw new Error(`the bet was refused: ${body.errorCode} ${body.message}`);
    await new Promise((resolve) => setTimeout(resolve, 6000));
  }
  throw new Error('no round took the bet');
}
