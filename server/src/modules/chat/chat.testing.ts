import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { Envelope, MemberType } from '@platform/contract';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { createMember, tokenFor } from '../member/member.testing';
import { json } from '../../testing/test-app';

// Helpers of the chat's tests: members with a session, the merchant's chat setting, calls as the
// browser makes them, and a server-sent event reader over real HTTP (node:http without an agent,
// so a stream's connection goes with it).

export const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('a chat picture')]);
export const pngDataUrl = (bytes: Buffer = PNG): string => `data:image/png;base64,${bytes.toString('base64')}`;

export async function chatMember(app: FastifyInstance, pool: pg.Pool, merchantId: number, username: string, memberType?: MemberType): Promise<{ memberId: number; token: string }> {
  const memberId = await createMember(pool, merchantId, { username, password: 'secret123', memberType });
  return { memberId, token: await tokenFor(app, username, 'secret123') };
}

/** Replaces the merchant's chat setting (enabled; hours null: around the clock). */
export async function setChatSettings(pool: pg.Pool, merchantId: number, settings: Record<string, unknown>): Promise<void> {
  await pool.query(
    `INSERT INTO merchant_setting (merchant_id, key, value) VALUES ($1, 'chat', $2)
     ON CONFLICT (merchant_id, key) DO UPDATE SET value = EXCLUDED.value`,
    [merchantId, JSON.stringify({ enabled: true, hours: null, ...settings })],
  );
}

export interface Answer<T> {
  status: number;
  body: Envelope<T>;
}

export async function call<T>(app: FastifyInstance, token: string | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown): Promise<Answer<T>> {
  const response = await app.inject({
    method,
    url,
    headers: { language: 'EN', ...(token ? { authorization: token } : {}) },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  return { status: response.statusCode, body: json<Envelope<T>>(response) };
}

export const newClientId = (): string => `c-${randomUUID()}`;

export interface SseEvent {
  id?: string;
  event: string;
  data: unknown;
}

export interface SseStream {
  status: number;
  /** The next event of this name (others are kept for their own readers), or a rejection after timeoutMs. */
  next: (event: string, timeoutMs?: number) => Promise<SseEvent>;
  /** Every event of this name received so far (taken from the queue). */
  drain: (event: string) => SseEvent[];
  close: () => void;
  ended: Promise<void>;
}

/** Opens an event stream as the shell does (fetch-like: the token in the Authorization header). */
export function openSse(url: string, headers: Record<string, string>): Promise<SseStream> {
  return new Promise((resolveOpen, rejectOpen) => {
    const request = http.get(url, { headers: { language: 'EN', accept: 'text/event-stream', ...headers }, agent: false }, (response) => {
      const queues = new Map<string, SseEvent[]>();
      const waiting = new Map<string, ((event: SseEvent) => void)[]>();
      let buffer = '';
      response.setEncoding('utf8');
      const ended = new Promise<void>((resolveEnd) => {
        response.on('close', () => resolveEnd());
        response.on('data', (chunk: string) => {
          buffer += chunk;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const fields: Record<string, string> = {};
            for (const line of block.split('\n')) {
              if (!line || line.startsWith(':')) continue;
              const colon = line.indexOf(':');
              fields[line.slice(0, colon)] = line.slice(colon + 1).replace(/^ /, '');
            }
            if (!fields.event) continue;
            const event: SseEvent = { id: fields.id, event: fields.event, data: JSON.parse(fields.data) as unknown };
            const waiter = waiting.get(event.event)?.shift();
            if (waiter) waiter(event);
            else queues.set(event.event, [...(queues.get(event.event) ?? []), event]);
          }
        });
      });
      resolveOpen({
        status: response.statusCode ?? 0,
        next: (name, timeoutMs = 15_000) => {
          const ready = queues.get(name)?.shift();
          if (ready) return Promise.resolve(ready);
          return new Promise<SseEvent>((resolve, reject) => {
            const waiter = (event: SseEvent) => {
              clearTimeout(timer);
              resolve(event);
            };
            const timer = setTimeout(() => {
              const list = waiting.get(name) ?? [];
              list.splice(list.indexOf(waiter), 1);
              reject(new Error(`no ${name} event within ${timeoutMs} ms`));
            }, timeoutMs);
            waiting.set(name, [...(waiting.get(name) ?? []), waiter]);
          });
        },
        drain: (name) => {
          const events = queues.get(name) ?? [];
          queues.delete(name);
          return events;
        },
        close: () => request.destroy(),
        ended,
      });
    });
    request.on('error', (error) => {
      if (!request.destroyed || !String(error).includes('socket hang up')) rejectOpen(error);
    });
  });
}
