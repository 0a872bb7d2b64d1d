// The proof of work itself, with altcha-lib (ALTCHA v2), as the server's module bot-check/ expects
// it. This module is only ever loaded with a dynamic import (bot-check.ts): altcha-lib stays in a
// chunk of its own, fetched the first time a check is demanded, never with the page.
//
// It runs on the page's main thread, with the browser's WebCrypto SHA-256, rather than in
// altcha-lib's Web Worker: its worker entry (`altcha-lib/workers/sha`) hashes with Node's
// `node:crypto`, which webpack cannot bundle for a browser, and a worker script of a remote would
// come from the remote's origin, which `new Worker` refuses on the shell's page (and the page's
// policy allows workers from the page's own origin only). The main thread stays responsive: every
// hash is awaited (WebCrypto answers asynchronously) and the solver yields to the event loop at
// least every 200 ms. The server's default difficulty is about 25,000 hashes on average.
import { solveChallenge, type Challenge, type Payload } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/sha';

/** Solving gives up after this long (altcha-lib's own default); a challenge lasts 10 minutes. */
export const SOLVE_TIMEOUT_MS = 90_000;

function base64ToText(base64: string): string {
  const binary = atob(base64);
  return new TextDecoder().decode(Uint8Array.from(binary, (character) => character.charCodeAt(0)));
}

function textToBase64(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** The challenge inside the server's answer (base64 of its JSON), or an error when it is not one. */
export function decodeChallenge(encoded: string): Challenge {
  const challenge = JSON.parse(base64ToText(encoded)) as Partial<Challenge> | null;
  const parameters = challenge?.parameters;
  if (
    !parameters ||
    typeof parameters.nonce !== 'string' ||
    typeof parameters.salt !== 'string' ||
    typeof parameters.keyPrefix !== 'string' ||
    typeof challenge.signature !== 'string'
  ) {
    throw new Error('not a bot-check challenge');
  }
  return challenge as Challenge;
}

/**
 * Solves the challenge of `GET /wps/botcheck/challenge` (its base64 `challenge`) and returns the
 * `botCheck` field for the call it guards: base64 of JSON { challenge, solution }, the challenge
 * exactly as signed. Null when `signal` aborted it or it took longer than SOLVE_TIMEOUT_MS; throws
 * when the challenge is malformed.
 */
export async function solveBotCheckChallenge(encoded: string, signal?: AbortSignal): Promise<string | null> {
  const challenge = decodeChallenge(encoded);
  // altcha-lib stops when its controller aborts: follow the caller's signal.
  const controller = new AbortController();
  const stop = () => controller.abort();
  if (signal?.aborted) return null;
  signal?.addEventListener('abort', stop, { once: true });
  try {
    const solution = await solveChallenge({ challenge, deriveKey, controller, timeout: SOLVE_TIMEOUT_MS });
    if (!solution || controller.signal.aborted) return null;
    const payload: Payload = { challenge, solution };
    return textToBase64(JSON.stringify(payload));
  } finally {
    signal?.removeEventListener('abort', stop);
  }
}
