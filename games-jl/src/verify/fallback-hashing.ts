// HMAC-SHA256 and SHA-256 without WebCrypto, for the verification page opened where the browser
// offers no crypto.subtle (a page served over plain HTTP from another host than localhost).
// crypto-js (the shared library's own dependency, already used by the site) in a chunk of its own,
// fetched only then. Keys and messages are the engine's UTF-8 bytes (utf8Bytes), as WebCrypto's.
import Core from 'crypto-js/core';
import HmacSHA256 from 'crypto-js/hmac-sha256';
import SHA256 from 'crypto-js/sha256';
import { utf8Bytes, type HmacSha256Async } from '@platform/inhouse-games';

type WordArray = ReturnType<typeof SHA256>;

function wordArrayOf(bytes: Uint8Array): WordArray {
  const words: number[] = [];
  for (let index = 0; index < bytes.length; index += 1) words[index >>> 2] |= bytes[index] << (24 - (index % 4) * 8);
  return Core.lib.WordArray.create(words, bytes.length);
}

function bytesOf(wordArray: WordArray): Uint8Array {
  const bytes = new Uint8Array(wordArray.sigBytes);
  for (let index = 0; index < bytes.length; index += 1) bytes[index] = (wordArray.words[index >>> 2] >>> (24 - (index % 4) * 8)) & 0xff;
  return bytes;
}

export const fallbackHmacSha256: HmacSha256Async = async (key, message) => bytesOf(HmacSHA256(wordArrayOf(utf8Bytes(message)), wordArrayOf(utf8Bytes(key))));

export async function fallbackSha256Hex(text: string): Promise<string> {
  return [...bytesOf(SHA256(wordArrayOf(utf8Bytes(text))))].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}
