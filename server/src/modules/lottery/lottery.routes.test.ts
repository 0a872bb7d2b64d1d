import type {
  Envelope,
  LotteryBetRecord,
  LotteryBetResult,
  LotteryBonusGame,
  LotteryDraw,
  LotteryGame,
  LotteryGameGroup,
  LotteryOpened,
  LotteryOrderDetail,
  LotteryRound,
} from '@platform/contract';
import { LOTTERY_DEFAULT_GAME_CODES } from '@platform/contract';
import { playsOf } from '@platform/lottery-rules';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTestApp, json, type TestContext } from '../../testing/test-app';
import { createMember, TestClock, tokenFor } from '../member/member.testing';
import { credit, mainBalanceMinor } from '../withdrawal/withdrawal.testing';
import { drawAndSettle } from './lottery.jobs';
import { secretsKeyFromEnv } from '../../secrets-key';
import { drawRoundAs, LOTTERY_TEST_START_MS, lineOf, slipOf } from './lottery.testing';
import { ensureRounds } from './rounds.service';

// The lottery's HTTP surface through the app: public lobby reads, closed betting and records
// (guests refused), a bet and its records end to end, and the draw pushed to an open stream.

let context: TestContext;
const clock = new TestClock();
// The app's own key (the test environment's SECRETS_KEY): it also sealed the login's RSA key.
const secretsKey = secretsKeyFromEnv();
let token: string;
let memberId: number;
const position = playsOf('SSC').find((play) => play.rows.length === 5 && play.rule === 'sum')!;

beforeAll(async () => {
  clock.nowMs = LOTTERY_TEST_START_MS;
  context = await createTestApp({ clock: clock.now });
  await context.app.ready();
  await ensureRounds(context.pool, secretsKey, clock.nowMs, context.merchantId);
  memberId = await createMember(context.pool, context.merchantId, { username: 'lottoroute', password: 'secret123', nowMs: clock.nowMs });
  await credit(context.pool, context.merchantId, memberId, 50_000, clock.nowMs);
  token = await tokenFor(context.app, 'lottoroute', 'secret123');
});

afterAll(async () => {
  await context.close();
});

const get = async <T>(url: string, auth = false) => {
  const response = await context.app.inject({ method: 'GET', url, headers: auth ? { authorization: token } : {} });
  return { status: response.statusCode, body: json<Envelope<T>>(response) };
};

it('lists games, groups, the round on sale, the next rounds and popular games to anybody', async () => {
  const games = await get<LotteryGame[]>('/lgw/games');
  expect(games.body.value.map((game) => game.gameCode)).toEqual([...LOTTERY_DEFAULT_GAME_CODES]);
  const menus = await get<LotteryGameGroup[]>('/lgw/games/game_menus?prizeMode=Lott');
  expect(menus.body.value.map((group) => group.gameGroupCode)).toEqual(['SSC', '11X5', 'PK10', 'LHC', 'K3', 'PC28', '3D', 'P5']);
  const vn = await get<LotteryGameGroup[]>('/lgw/vn/games/game_menu?prizeMode=SEA&device=WEB');
  // The Vietnamese games: the northern draw's, then the southern and central provinces' (and the house's five-minute southern game).
  const vnCodes = LOTTERY_DEFAULT_GAME_CODES.slice(LOTTERY_DEFAULT_GAME_CODES.indexOf('VNMN5'));
  expect(vn.body.value.map((group) => [group.gameGroupCode, group.labelName])).toEqual([
    ['VN', 'Vietnam Lottery'],
    ['VNS', 'Southern Vietnam (XSMN)'],
    ['VNC', 'Central Vietnam (XSMT)'],
  ]);
  expect(vn.body.value.flatMap((group) => group.gameMenus.map((game) => game.gameCode))).toEqual(['VNMB', 'VN5', ...vnCodes]);
  expect(vn.body.value[1].gameMenus.map((game) => game.kind)).toEqual(new Array(22).fill('VN18'));
  const opened = await get<LotteryOpened>('/lgw/games/opened/numero?gameCode=SSC1');
  expect(opened.body.value.current).toMatchObject({ gameCode: 'SSC1', numero: '20261127-0721', state: 'open' });
  expect(opened.body.value.serverTime).toBe(clock.nowMs);
  expect((await get<LotteryOpened>('/lotto/lgw/games/opened/numero?gameCode=SSC1')).body.value).toEqual(opened.body.value);
  const near = await get<LotteryRound[]>('/lgw/numeros/near?gameCode=SSC1&count=3');
  expect(near.body.value.map((round) => round.numero)).toEqual(['20261127-0721', '20261127-0722', '20261127-0723']);
  expect((await get<LotteryGame[]>('/lgw/games/popular?count=20')).body.value).toHaveLength(Math.min(20, LOTTERY_DEFAULT_GAME_CODES.length));
  // Every Vietnamese game has a round on sale: the provinces' between their weekdays too.
  expect((await get<unknown[]>('/lgw/vn/numeros/opened/game?count=100')).body.value).toHaveLength(2 + vnCodes.length);
  const unknown = await get<unknown>('/lgw/games/opened/numero?gameCode=NOPE');
  expect([unknown.status, unknown.body.errorCode]).toEqual([404, 'lottery.game.unknown']);
});

it('refuses betting, orders, records and the odds table to a guest', async () => {
  for (const [method, url] of [
    ['POST', '/lgw/orders/betting'],
    ['PUT', '/lgw/orders/suborders/cancel'],
    ['GET', '/lgw/orders/today'],
    ['GET', '/wps/relay/ODSFE2_lottMemBet?startDate=0&endDate=1'],
    ['GET', '/wps/relay/ODSFE2_lottBetRecordsDetail?orderNo=LABCDEFG'],
    ['GET', '/wps/relay/lottoGameBonus'],
    ['GET', '/lgw/games/game_menus/recent'],
  ] as const) {
    const response = await context.app.inject({ method, url, payload: method === 'GET' ? undefined : {} });
    expect({ url, status: response.statusCode }).toEqual({ url, status: 401 });
  }
});

it('takes a bet over HTTP, pushes the draw to an open stream, and shows the settled bet in the records', async () => {
  const opened = (await get<LotteryOpened>('/lgw/games/opened/numero?gameCode=SSC1')).body.value;
  const line = lineOf(position, [[0, 1, 2, 3, 4, 5, 6, 7, 8, 9], [], [], [], []]);
  const body = { gameCode: 'SSC1', currentNumero: opened.current!.numero, bettingSlipString: slipOf([line]), betCartAmountSum: '20.0000', chase: 1, winningStop: false, device: 'WEB', orderType: 1 };
  const wrong = await context.app.inject({ method: 'POST', url: '/lgw/orders/betting', headers: { authorization: token }, payload: body });
  expect(json<Envelope<unknown>>(wrong).errorCode).toBe('lottery.amount.mismatch');
  const placed = await context.app.inject({
    method: 'POST',
    url: '/lgw/orders/betting',
    headers: { authorization: token, 'idempotency-key': 'route-bet-0001' },
    payload: { ...body, betCartAmountSum: '40.0000' },
  });
  expect(placed.statusCode).toBe(200);
  const order = json<Envelope<LotteryBetResult>>(placed).value;
  expect(order).toMatchObject({ amount: 40, bets: [{ numero: '20261127-0721', amount: 20 }, { numero: '20261127-0722', amount: 20 }] });
  expect(await mainBalanceMinor(context.pool, memberId)).toBe(50_000 - 4000);

  // An open stream hears the draw.
  const address = await context.app.listen({ port: 0, host: '127.0.0.1' });
  const port = (context.app.server.address() as AddressInfo).port;
  expect(address).toContain(String(port));
  const heard = new Promise<LotteryDraw>((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path: '/lgw/draw/events?gameCode=SSC1' }, (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => {
        text += chunk.toString('utf8');
        const match = /event: draw\ndata: (.*)\n\n/.exec(text);
        if (match) {
          resolve(JSON.parse(match[1]) as LotteryDraw);
          request.destroy();
        }
      });
    });
    request.on('error', reject);
  });
  await new Promise((resolve) => setTimeout(resolve, 100));
  clock.nowMs = opened.current!.drawTime;
  await drawAndSettle(context.pool, secretsKey, clock.nowMs);
  const draw = await heard;
  expect(draw).toMatchObject({ gameCode: 'SSC1', numero: '20261127-0721' });
  expect(draw.numbers).toHaveLength(5);
  expect(draw.serverSeed).toMatch(/^[0-9a-f]{64}$/);
  expect(draw.salesHash).toMatch(/^[0-9a-f]{64}$/);

  const today = (await get<{ list: LotteryBetRecord[] }>('/lgw/orders/today?gameCode=SSC1', true)).body.value.list;
  const settled = today.find((bet) => bet.numero === '20261127-0721')!;
  expect(settled).toMatchObject({ status: 'won', winAmount: 19, rebateAmount: 0.6, betContent: '0,1,2,3,4,5,6,7,8,9____', cancellable: false, chase: true });
  expect(settled.winningNumber).toEqual(draw.numbers);
  const next = today.find((bet) => bet.numero === '20261127-0722')!;
  expect(next).toMatchObject({ status: 'open', cancellable: true });

  const records = await get<{ list: LotteryBetRecord[]; footer: { betAmount: number; winAmount: number; rebateAmount: number } }>(
    `/wps/relay/ODSFE2_lottMemBet?startDate=${LOTTERY_TEST_START_MS - 3_600_000}&endDate=${LOTTERY_TEST_START_MS + 3_600_000}&chase=true`,
    true,
  );
  expect(records.body.value.footer).toEqual({ betAmount: 40, winAmount: 19, rebateAmount: 0.6 });
  const vn = await get<{ list: LotteryBetRecord[] }>(`/wps/relay/ODSFE2_lottMemBet?startDate=${LOTTERY_TEST_START_MS - 3_600_000}&endDate=${LOTTERY_TEST_START_MS + 3_600_000}&lottoArea=VN`, true);
  expect(vn.body.value.list).toEqual([]);
  const tooLong = await get<unknown>(`/wps/relay/ODSFE2_lottMemBet?startDate=0&endDate=${40 * 86_400_000}`, true);
  expect(tooLong.body.errorCode).toBe('lottery.period.invalid');

  const detail = await get<LotteryOrderDetail>(`/wps/relay/ODSFE2_lottBetRecordsDetail?orderNo=${order.orderNo}`, true);
  expect(detail.body.value).toMatchObject({ orderNo: order.orderNo, chase: true, winningStop: false, stopped: false, amount: 40 });
  expect(detail.body.value.bets.map((bet) => bet.status)).toEqual(['won', 'open']);

  const cancel = await context.app.inject({ method: 'PUT', url: '/lgw/orders/suborders/cancel', headers: { authorization: token }, payload: { orderDetailId: next.orderDetailId, lottoArea: 'LOTT' } });
  expect(json<Envelope<unknown>>(cancel).value).toEqual({ orderDetailId: next.orderDetailId, refunded: 20 });
  expect(await mainBalanceMinor(context.pool, memberId)).toBe(50_000 - 4000 + 1900 + 60 + 2000);

  const recent = await get<LotteryGame[]>('/lgw/games/game_menus/recent', true);
  expect(recent.body.value.map((game) => game.gameCode)).toEqual(['SSC1']);
  const results = await get<{ list: LotteryDraw[] }>('/lgw/draw?gameCode=SSC1&page=1&size=5');
  expect(results.body.value.list[0]).toEqual(draw.state === 'settled' ? draw : { ...draw, state: 'settled' });
  expect((await get<LotteryDraw>('/lgw/draw/code/SSC1')).body.value.numero).toBe('20261127-0721');
});

// A lost bet is left as it was placed when its round is settled (migration 096): every record the
// member reads still calls it lost, counts its rebate, and finds it by that status, not as open.
it('shows a bet its round settled as lost as lost in every record, with its rebate, and under the lost status, not the open one', async () => {
  const opened = (await get<LotteryOpened>('/lgw/games/opened/numero?gameCode=SSC1')).body.value;
  const current = opened.current!;
  const line = lineOf(position, [[1], [], [], [], []]);
  const before = await mainBalanceMinor(context.pool, memberId);
  const placed = await context.app.inject({
    method: 'POST',
    url: '/lgw/orders/betting',
    headers: { authorization: token, 'idempotency-key': 'route-bet-0002' },
    payload: { gameCode: 'SSC1', currentNumero: current.numero, bettingSlipString: slipOf([line]), betCartAmountSum: '2.0000', chase: 0, winningStop: false, device: 'WEB', orderType: 1 },
  });
  const order = json<Envelope<LotteryBetResult>>(placed).value;
  const round = await context.pool.query<{ id: string }>(
    'SELECT r.id FROM lottery_round r JOIN lottery_game g ON g.id = r.game_id WHERE g.merchant_id = $1 AND g.game_code = $2 AND r.numero = $3',
    [context.merchantId, 'SSC1', current.numero],
  );
  // The first position draws 2: the bet on 1 loses.
  await drawRoundAs(context.pool, Number(round.rows[0].id), { kind: 'SSC', numbers: [2, 0, 0, 0, 0] }, current.drawTime);
  clock.nowMs = current.drawTime;
  expect((await drawAndSettle(context.pool, secretsKey, clock.nowMs)).settled).toBeGreaterThanOrEqual(1);
  // 2.00 staked; the rebate (1960 − 1900) / 2000 of it, 0.06, paid on the lost bet.
  expect(await mainBalanceMinor(context.pool, memberId)).toBe(before - 200 + 6);

  const today = (await get<{ list: LotteryBetRecord[] }>('/lgw/orders/today?gameCode=SSC1', true)).body.value.list;
  expect(today.find((bet) => bet.numero === current.numero)).toMatchObject({ status: 'lost', winAmount: 0, rebateAmount: 0.06, cancellable: false, winningNumber: ['2', '0', '0', '0', '0'] });
  const detail = await get<LotteryOrderDetail>(`/wps/relay/ODSFE2_lottBetRecordsDetail?orderNo=${order.orderNo}`, true);
  expect(detail.body.value.bets.map((bet) => bet.status)).toEqual(['lost']);
  const period = `startDate=${LOTTERY_TEST_START_MS - 3_600_000}&endDate=${LOTTERY_TEST_START_MS + 3_600_000}&numero=${current.numero}`;
  const lost = await get<{ list: LotteryBetRecord[]; footer: { betAmount: number; winAmount: number; rebateAmount: number } }>(`/wps/relay/ODSFE2_lottMemBet?${period}&status=lost`, true);
  expect(lost.body.value.list.map((bet) => [bet.orderNo, bet.status])).toEqual([[order.orderNo, 'lost']]);
  expect(lost.body.value.footer).toEqual({ betAmount: 2, winAmount: 0, rebateAmount: 0.06 });
  const open = await get<{ list: LotteryBetRecord[] }>(`/wps/relay/ODSFE2_lottMemBet?${period}&status=open`, true);
  expect(open.body.value.list).toEqual([]);
});

it('gives the odds table: each play’s prize at the highest bet series and the rebate at the lowest', async () => {
  const bonus = (await get<LotteryBonusGame[]>('/wps/relay/lottoGameBonus?gameCode=SSC1', true)).body.value;
  expect(bonus).toHaveLength(1);
  const plays = bonus[0].playMenuGroups.flatMap((group) => group.playMenus);
  expect(plays).toHaveLength(playsOf('SSC').length);
  // One digit on one position: 2 / (1/10) × 1960 / 2000 = 19.60; rebate (1960 − 1800) / 2000 = 8 %.
  expect(plays.find((play) => play.playId === position.id)).toMatchObject({ odds: 19.6, rebateValue: 8, prizeType: 'ticket' });
});

it('lowers the highest series a member may bet at to its rebate setting, in the game lists it reads with its session', async () => {
  await context.pool.query('UPDATE member SET rebate_series = 1850 WHERE id = $1', [memberId]);
  const own = (await get<LotteryGame[]>('/lgw/games', true)).body.value.find((game) => game.gameCode === 'SSC1')!;
  expect(own).toMatchObject({ maxBetSeries: 1850, defaultSeries: 1850, minSeries: 1800 });
  const anybody = (await get<LotteryGame[]>('/lgw/games')).body.value.find((game) => game.gameCode === 'SSC1')!;
  expect(anybody).toMatchObject({ maxBetSeries: 1960, defaultSeries: 1900 });
  await context.pool.query('UPDATE member SET rebate_series = NULL WHERE id = $1', [memberId]);
});
