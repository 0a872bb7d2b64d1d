// Helpers for the tests that meet the bot check (not a test file itself): challenges made the way
// the server's module bot-check/ makes them (bot-check.service.ts: ALTCHA v2 in deterministic
// mode, SHA-256, cost 1, HMAC-signed, with our merchant and expiry in the signed data), the
// server's verification of an answer, step by step, with altcha-lib's Node implementation, and the
// real API client on a stubbed network edge (what the player is told of a refusal).
import { Buffer } from 'node:buffer';
import { createApiClient, type ApiClient } from '@platform/shared';
import type { CallOptionsSeen } from '@platform/shared/testing';
import { createChallenge, verifySolution, type Challenge, type Payload } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';

const SIGNATURE_SECRET = 'bot-check-test:challenge';
const KEY_SIGNATURE_SECRET = 'bot-check-test:key';
const MERCHANT_ID = 1;
const TTL_MS = 600_000;

/**
 * A stubbed `GET /wps/botcheck/challenge` (stubApi's botCheckChallenge): a real challenge, made as
 * the server makes it, on each call, with `required` as given; `issued` lists them in order.
 */
export function challengeAnswers(required: boolean, counter = 300): { issued: string[]; answer: () => Promise<{ required: boolean; challenge: string }> } {
  const issued: string[] = [];
  const answer = async () => {
    const challenge = await issueChallenge(counter + issued.length);
    issued.push(challenge);
    return { required, challenge };
  };
  return { issued, answer };
}

/** The `botCheck` field of a call's body, as a stubbed call saw it. */
export const botCheckOf = (options: CallOptionsSeen): string | undefined => (options?.data as { botCheck?: string } | undefined)?.botCheck;

/**
 * The `challenge` of a `GET /wps/botcheck/challenge` answer: base64 of the challenge JSON. The
 * server picks `counter` at random below its maxNumber (50,000 by default); the browser hashes
 * counter + 1 times to find it.
 */
export async function issueChallenge(counter: number): Promise<string> {
  const challenge = await createChallenge({
    algorithm: 'SHA-256',
    cost: 1,
    deriveKey,
    counter,
    data: { merchant: MERCHANT_ID, expiresAt: Date.now() + TTL_MS },
    hmacSignatureSecret: SIGNATURE_SECRET,
    hmacKeySignatureSecret: KEY_SIGNATURE_SECRET,
  });
  return Buffer.from(JSON.stringify(challenge), 'utf8').toString('base64');
}

/** A `botCheck` field read back: the challenge it answers and its solution. */
export function decodeAnswer(answer: string): Payload {
  return JSON.parse(Buffer.from(answer, 'base64').toString('utf8')) as Payload;
}

/** The challenge of an issued (encoded) challenge, to compare with what an answer carries. */
export function decodeIssued(encoded: string): Challenge {
  return JSON.parse(Buffer.from(encoded, 'base64').toString('utf8')) as Challenge;
}

/**
 * Whether the server would let a call with this `botCheck` field through (bot-check.service.ts
 * verify, but for the used-once record): a challenge it signed, a derived key matching the key
 * signature, SHA-256, our merchant, not expired.
 */
export async function serverAccepts(answer: string): Promise<boolean> {
  let payload: Payload;
  try {
    payload = decodeAnswer(answer);
  } catch {
    return false;
  }
  if (typeof payload?.challenge?.signature !== 'string' || !/^[0-9a-f]{64}$/.test(payload.challenge.signature)) return false;
  const { verified } = await verifySolution({
    challenge: payload.challenge,
    solution: payload.solution,
    deriveKey,
    hmacSignatureSecret: SIGNATURE_SECRET,
    hmacKeySignatureSecret: KEY_SIGNATURE_SECRET,
  });
  const { algorithm, data } = payload.challenge.parameters;
  return verified && algorithm === 'SHA-256' && data?.merchant === MERCHANT_ID && typeof data.expiresAt === 'number' && data.expiresAt > Date.now();
}

/** One request as the edge sees it: the body opened when the client sealed it (encrypted calls). */
export interface EdgeRequest {
  method: string;
  path: string;
  data: unknown;
}

/** What the edge answers: an HTTP status and the server's envelope. */
export interface EdgeReply {
  status: number;
  body: { success: boolean; value: unknown; message: string | null; errorCode: string | null };
}

export const envelopeOf = (value: unknown): EdgeReply => ({ status: 200, body: { success: true, value, message: null, errorCode: null } });
export const refusalOf = (errorCode: string, message: string, value: unknown = null, status = 400): EdgeReply => ({
  status,
  body: { success: false, value, message, errorCode },
});

/**
 * The shared library's API client, real but for its network edge (ApiClientOptions.fetch, there
 * for tests of apps that cannot reach a server): it seals encrypted calls with a key of this test,
 * and tells the player about failures as on the page (a toast on the bus, nothing for quiet calls).
 * `answer` sees every request but the encryption key's; a test routes the calls it is about
 * through `client.call` (stubApi answers the others).
 */
export async function apiClientAtEdge(answer: (request: EdgeRequest) => EdgeReply): Promise<{ client: ApiClient; requests: EdgeRequest[] }> {
  const keys = await crypto.subtle.generateKey(
    { name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
    true,
    ['encrypt', 'decrypt'],
  );
  const publicKey = Buffer.from(await crypto.subtle.exportKey('spki', keys.publicKey)).toString('base64');
  const open = async (sealedBody: string, encryption: string): Promise<unknown> => {
    const rawKey = await crypto.subtle.decrypt({ name: 'RSA-OAEP' }, keys.privateKey, Buffer.from(encryption, 'base64'));
    const aesKey = await crypto.subtle.importKey('raw', rawKey, { name: 'AES-GCM' }, false, ['decrypt']);
    const message = Buffer.from((JSON.parse(sealedBody) as { value: string }).value, 'base64');
    const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: message.subarray(0, 12) }, aesKey, message.subarray(12));
    return (JSON.parse(Buffer.from(plain).toString('utf8')) as { data: unknown }).data;
  };

  const requests: EdgeRequest[] = [];
  const fetchAtEdge = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const method = (init.method ?? 'GET').toUpperCase();
    const path = new URL(String(input), 'http://localhost').pathname;
    let reply: EdgeReply;
    if (path === '/wps/session/key/rsa') {
      reply = envelopeOf({ keyId: 'test', publicKey, serverTime: Date.now() });
    } else {
      const encryption = new Headers(init.headers).get('Encryption');
      const body = typeof init.body === 'string' ? init.body : undefined;
      const data = encryption !== null && body ? await open(body, encryption) : body === undefined ? undefined : JSON.parse(body);
      const request = { method, path, data };
      requests.push(request);
      reply = answer(request);
    }
    return new Response(JSON.stringify(reply.body), { status: reply.status, headers: { 'Content-Type': 'application/json' } });
  };
  const client = createApiClient({ fetch: fetchAtEdge });
  return { client, requests };
}
