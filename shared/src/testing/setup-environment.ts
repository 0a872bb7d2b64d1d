// jsdom lacks what the browser gives the shared library: WebCrypto's `subtle`, the text codecs and
// fetch. Node has the first two; the tests use Node's so encryption runs for real. Node's fetch
// would bypass jsdom: whatwg-fetch's runs on jsdom's XMLHttpRequest, so the API client's requests
// cross jsdom's network edge (the page's origin, CORS preflight, cookies) as a browser's would.
import 'whatwg-fetch';
import { webcrypto } from 'node:crypto';
import { TextDecoder, TextEncoder } from 'node:util';

if (!globalThis.crypto?.subtle) {
  Object.defineProperty(globalThis, 'crypto', { value: webcrypto, configurable: true });
}
if (typeof globalThis.TextEncoder === 'undefined') {
  Object.assign(globalThis, { TextEncoder, TextDecoder });
}
