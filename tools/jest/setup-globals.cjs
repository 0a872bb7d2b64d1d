// jsdom lacks what browsers have and the apps rely on: WebCrypto, TextEncoder, BroadcastChannel,
// fetch. whatwg-fetch's fetch runs on jsdom's XMLHttpRequest, so a request still crosses jsdom's
// network edge (the page's origin, CORS, cookies) as a browser's would.
require('whatwg-fetch');
const { webcrypto } = require('node:crypto');
const { TextEncoder, TextDecoder } = require('node:util');
const { BroadcastChannel } = require('node:worker_threads');

if (!globalThis.crypto || !globalThis.crypto.subtle) {
  Object.defineProperty(globalThis, 'crypto', { value: webcrypto, configurable: true });
}
if (!globalThis.TextEncoder) globalThis.TextEncoder = TextEncoder;
if (!globalThis.TextDecoder) globalThis.TextDecoder = TextDecoder;
if (!globalThis.BroadcastChannel) {
  // Unreferenced, so an open channel does not keep Jest's worker alive.
  globalThis.BroadcastChannel = class UnrefBroadcastChannel extends BroadcastChannel {
    constructor(name) {
      super(name);
      this.unref();
    }
  };
}
