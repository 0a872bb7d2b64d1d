import { waitFor } from '@testing-library/react';
import { openChatStream, type StreamStatus } from './chat-stream';
import { sse, stubEventStreams } from './chat-stream.testing';

// The operators' live feed: the token in the Authorization header, each event parsed (split across
// chunks or not), opened again after a drop (and then said to be open, so the console lists
// again), and not asked again after a refusal.

// Until the stream has done it (Testing Library's wait, as long as the suite allows on a busy machine).
const waitUntil = (check: () => boolean) => waitFor(() => expect(check()).toBe(true));

it('reads the events with the bearer token, and opens the stream again after a drop', async () => {
  const { fetch, streams, requests } = stubEventStreams();
  const events: [string, unknown][] = [];
  const statuses: StreamStatus[] = [];
  const waits: number[] = [];
  const close = openChatStream({
    token: () => 'tok',
    language: () => 'EN',
    fetch: fetch as unknown as typeof globalThis.fetch,
    onEvent: (event, data) => events.push([event, data]),
    onStatus: (status) => statuses.push(status),
    wait: async (ms) => {
      waits.push(ms);
    },
  });
  await waitUntil(() => streams.length === 1);
  expect(requests[0]).toEqual({ url: '/ops/v1/chat/events', headers: { Accept: 'text/event-stream', Authorization: 'Bearer tok', language: 'EN' } });
  const message = sse('message', { messageId: 7, conversationId: 3 }, 7);
  streams[0].push(`retry: 2500\n\n${message.slice(0, 20)}`);
  streams[0].push(`${message.slice(20)}: keep-alive\n\n${sse('typing', { conversationId: 3, typing: true })}`);
  await waitUntil(() => events.length === 2);
  expect(events).toEqual([
    ['message', { messageId: 7, conversationId: 3 }],
    ['typing', { conversationId: 3, typing: true }],
  ]);

  streams[0].end();
  await waitUntil(() => streams.length === 2);
  // The server's retry advice, then open again.
  expect(waits).toEqual([2500]);
  await waitUntil(() => statuses.filter((status) => status === 'open').length === 2);
  expect(statuses.slice(0, 4)).toEqual(['connecting', 'open', 'down', 'connecting']);
  close();
  await waitUntil(() => statuses.at(-1) === 'open');
  expect(streams).toHaveLength(2);
});

it('stops at a refusal, with the server words', async () => {
  const fetch = jest.fn(async () => ({ ok: false, status: 403, body: null, json: async () => ({ success: false, message: 'Your role may not do this.' }) }) as unknown as Response);
  const statuses: [StreamStatus, unknown][] = [];
  openChatStream({ token: () => 'tok', language: () => 'EN', fetch, onEvent: () => undefined, onStatus: (status, detail) => statuses.push([status, detail]), wait: async () => undefined });
  await waitUntil(() => statuses.length === 2);
  // Past every step the stream had left to take (a task runs after the promises before it).
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(statuses).toEqual([
    ['connecting', undefined],
    ['refused', { status: 403, message: 'Your role may not do this.' }],
  ]);
  expect(fetch).toHaveBeenCalledTimes(1);
});
