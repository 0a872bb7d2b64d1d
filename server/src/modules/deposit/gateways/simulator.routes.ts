import fastifyFormbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type pg from 'pg';
import { systemClock, type Clock } from '../../../config';
import type { SecretsKey } from '../../../secrets-key';
import { minorToText, textToMinor } from './gateway';
import { gatewayRegistryFor, simulatorEnabled } from './registry';
import { SimulatorError, type GatewaySimulator, type SimulatorOrder } from './simulator';

// The gateway simulator's pages and API (development and tests only: nothing is registered when
// the simulator is off, i.e. always with NODE_ENV=production). Outside the merchant scope, as a
// provider is another site; hidden from the API documentation.
//
//   GET  /dev/gateway/pay/:providerOrderId     the payment page: the order, Pay, Fail, and Pay
//                                              without the callback (a callback lost in transit)
//   POST /dev/gateway/pay/:providerOrderId     form: outcome=paid|failed|paid_silently, amount
//   POST /dev/gateway/notify/:providerOrderId  sends the order's callback again
//   POST /dev/gateway/orders                   createOrder, a signed JSON message
//   GET  /dev/gateway/orders/:orderId          queryOrder: ?merchantNo=…&sign=… (signed)

export interface SimulatorRoutesOptions {
  db: pg.Pool;
  clock?: Clock;
  secretsKey: SecretsKey;
  /** Mount the simulator (default: simulatorEnabled()). */
  enabled?: boolean;
}

const hidden = { hide: true } as const;

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character] as string);

function page(reply: FastifyReply, status: number, title: string, body: string): FastifyReply {
  return reply
    .status(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head><body><h1>${escapeHtml(title)}</h1>${body}</body></html>`);
}

function orderTable(order: SimulatorOrder): string {
  const rows: [string, string][] = [
    ['Order', order.orderId],
    ['Provider order', order.providerOrderId],
    ['Merchant', order.merchantNo],
    ['Channel', order.channel],
    ['Amount', `${minorToText(order.amountMinor)} ${order.currency}`],
    ['Status', order.status],
    ['Paid', order.paidMinor === null ? '' : minorToText(order.paidMinor)],
    ['Callbacks sent', String(order.notifyAttempts)],
    ['Last callback', order.lastNotify ?? ''],
  ];
  return `<table>${rows.map(([name, value]) => `<tr><th align="left">${escapeHtml(name)}</th><td data-field="${escapeHtml(name)}">${escapeHtml(value)}</td></tr>`).join('')}</table>`;
}

function refusal(reply: FastifyReply, error: unknown): FastifyReply {
  if (error instanceof SimulatorError) return reply.status(error.statusCode).send({ error: error.message });
  throw error;
}

export async function gatewaySimulatorRoutes(app: FastifyInstance, options: SimulatorRoutesOptions): Promise<void> {
  if (!(options.enabled ?? simulatorEnabled())) return;
  const clock = options.clock ?? systemClock;
  const simulator: GatewaySimulator | undefined = gatewayRegistryFor({ db: options.db, secretsKey: options.secretsKey, clock }).simulator;
  if (!simulator) return;
  await app.register(fastifyFormbody);

  app.get<{ Params: { providerOrderId: string } }>('/dev/gateway/pay/:providerOrderId', { schema: hidden }, async (request, reply) => {
    const order = await simulator.order(request.params.providerOrderId);
    if (!order) return page(reply, 404, 'Gateway simulator: no such order', '');
    const id = encodeURIComponent(order.providerOrderId);
    const form =
      order.status === 'pending'
        ? `<form method="post" action="/dev/gateway/pay/${id}">
             <label>Amount paid <input name="amount" value="${minorToText(order.amountMinor)}"></label>
             <button name="outcome" value="paid">Pay</button>
             <button name="outcome" value="failed">Fail</button>
             <button name="outcome" value="paid_silently">Pay without callback</button>
           </form>`
        : `<form method="post" action="/dev/gateway/notify/${id}"><button>Send the callback again</button></form>`;
    return page(reply, 200, 'Gateway simulator', `<p>Development only: no real money.</p>${orderTable(order)}${form}<p><a href="${escapeHtml(order.returnUrl)}">Back to the site</a></p>`);
  });

  app.post<{ Params: { providerOrderId: string }; Body: { outcome?: string; amount?: string } }>('/dev/gateway/pay/:providerOrderId', { schema: hidden }, async (request, reply) => {
    const { outcome, amount } = request.body ?? {};
    if (outcome !== 'paid' && outcome !== 'failed' && outcome !== 'paid_silently') return reply.status(400).send({ error: 'outcome is paid, failed or paid_silently' });
    const paidMinor = amount === undefined || amount === '' ? undefined : textToMinor(/^\d+$/.test(amount) ? `${amount}.00` : amount);
    if (amount !== undefined && amount !== '' && paidMinor === undefined) return reply.status(400).send({ error: 'amount is like 100.00' });
    try {
      const result = await simulator.pay(request.params.providerOrderId, outcome === 'failed' ? 'failed' : 'paid', { paidMinor, notify: outcome !== 'paid_silently' });
      const delivery = result.delivery ? `<p>Callback: ${escapeHtml(result.delivery.outcome)}</p>` : '<p>No callback was sent.</p>';
      return page(reply, 200, `Gateway simulator: ${result.order.status}`, `${orderTable(result.order)}${delivery}<p><a href="${escapeHtml(result.order.returnUrl)}">Back to the site</a></p>`);
    } catch (error) {
      return refusal(reply, error);
    }
  });

  app.post<{ Params: { providerOrderId: string } }>('/dev/gateway/notify/:providerOrderId', { schema: hidden }, async (request, reply) => {
    try {
      const delivery = await simulator.notify(request.params.providerOrderId);
      return reply.send(delivery);
    } catch (error) {
      return refusal(reply, error);
    }
  });

  app.post('/dev/gateway/orders', { schema: hidden }, async (request, reply) => {
    try {
      return reply.send(await simulator.createOrder(request.body));
    } catch (error) {
      return refusal(reply, error);
    }
  });

  app.get<{ Params: { orderId: string }; Querystring: Record<string, string> }>('/dev/gateway/orders/:orderId', { schema: hidden }, async (request, reply) => {
    try {
      return reply.send(await simulator.queryOrder({ ...request.query, orderId: request.params.orderId }));
    } catch (error) {
      return refusal(reply, error);
    }
  });
}
