import { createHash, createHmac } from 'node:crypto';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { hmacStream, playRound } from '@platform/inhouse-games';
import { App } from '../app/app';
import { routeOf } from '../app/route';
import { createI18n } from '../i18n/i18n';

// The verification page recomputes a round in the browser (WebCrypto HMAC blocks + the shared
// engine) and must find what the server's way (node:crypto, synchronous) finds.

const nodeHmac = (key: string, message: string) => new Uint8Array(createHmac('sha256', key).update(message, 'utf8').digest());
const serverSeed = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
const hash = createHash('sha256').update(serverSeed, 'utf8').digest('hex');

async function open(search: string) {
  const i18n = await createI18n('EN');
  render(
    <I18nextProvider i18n={i18n}>
      <App route={routeOf('/jl/verify', search)} locale="en" />
    </I18nextProvider>,
  );
}

test('a slot round from its link: the same grid and win as the engine on the server, and the hash matches', async () => {
  const nonce = 7;
  const expected = playRound('JLS001', hmacStream(nodeHmac, { serverSeed, clientSeed: 'lucky', nonce }), { bet: 100 });
  if (expected.kind !== 'slot') throw new Error('a slot');
  await open(`?game=JLS001&serverSeed=${serverSeed}&hash=${hash}&clientSeed=lucky&nonce=${nonce}&bet=1`);
  const result = await screen.findByTestId('verify-result', undefined, { timeout: 5000 });
  expect(screen.getByTestId('verify-hash-check').getAttribute('data-matches')).toBe('true');
  expect(screen.getByTestId('verify-hash-of-seed').textContent).toBe(hash);
  expect(screen.getByTestId('verify-total-win').textContent).toContain(`total win ${(expected.result.totalWin / 100).toFixed(2)}`);
  const firstGrid = result.querySelector('[data-testid="reels"]')!;
  const shown = [...firstGrid.querySelectorAll('[role="row"]')].map((reel) => [...reel.querySelectorAll('[data-symbol]')].map((cell) => cell.getAttribute('data-symbol')));
  expect(shown).toEqual(expected.result.base.grid.map((reel) => [...reel]));
  expect(screen.getAllByTestId('verify-step')).toHaveLength(1 + expected.result.freeSpins.length);
});

test('a crash round: the crash point; a wrong hash is called out', async () => {
  const expected = playRound('JLC001', hmacStream(nodeHmac, { serverSeed, clientSeed: 'JLC001', nonce: 0 }));
  if (expected.kind !== 'crash') throw new Error('a crash round');
  await open(`?game=JLC001&serverSeed=${serverSeed}&hash=${'0'.repeat(64)}&clientSeed=JLC001&nonce=0`);
  await waitFor(() => expect(screen.getByTestId('verify-crash-point').textContent).toContain(`${(expected.crashPoint / 100).toFixed(2)}×`), { timeout: 5000 });
  expect(screen.getByTestId('verify-hash-check').getAttribute('data-matches')).toBe('false');
});

test('a chain crash round: the crash point from its seed and salt, and the seed walks back to the published chain end', async () => {
  const sha = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
  // A chain of 5: seed[5] random, seed[n] = SHA-256(seed[n + 1]), end = seed[0]; round 3 plays seed[3].
  const seeds = [sha('the last seed')];
  for (let n = 0; n < 5; n++) seeds.unshift(sha(seeds[0]));
  const [end, seed] = [seeds[0], seeds[3]];
  const salt = sha('round:41\n7:500');
  const expected = playRound('JLC001', hmacStream(nodeHmac, { serverSeed: seed, clientSeed: salt, nonce: 0 }));
  if (expected.kind !== 'crash') throw new Error('a crash round');
  await open(`?game=JLC001&serverSeed=${seed}&hash=${seeds[2]}&clientSeed=${salt}&nonce=0&chainEnd=${end}&chainIndex=3`);
  await waitFor(() => expect(screen.getByTestId('verify-chain-check').getAttribute('data-matches')).toBe('true'), { timeout: 5000 });
  expect(screen.getByTestId('verify-crash-point').textContent).toContain(`${(expected.crashPoint / 100).toFixed(2)}×`);
  expect(screen.getByTestId('verify-hash-check').getAttribute('data-matches')).toBe('true');
});

test('a crash seed the house swapped in does not walk back to the published chain end', async () => {
  const sha = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
  const seeds = [sha('the last seed')];
  for (let n = 0; n < 5; n++) seeds.unshift(sha(seeds[0]));
  const swapped = sha('a seed the house liked better');
  await open(`?game=JLC001&serverSeed=${swapped}&clientSeed=${sha('salt')}&nonce=0&chainEnd=${seeds[0]}&chainIndex=3`);
  await waitFor(() => expect(screen.getByTestId('verify-chain-check').getAttribute('data-matches')).toBe('false'), { timeout: 5000 });
  expect(screen.getByTestId('verify-chain-check').textContent).toContain('does not lead back');
});

test('missing values: the page says what to enter', async () => {
  await open('?game=JLS001&clientSeed=lucky');
  expect(screen.queryByTestId('verify-result')).toBeNull();
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
  });
  expect((await screen.findByRole('alert')).textContent).toContain('Enter the server seed');
});

describe('without WebCrypto (a page over plain HTTP on another host than localhost)', () => {
  const webCrypto = Object.getOwnPropertyDescriptor(globalThis, 'crypto')!;
  beforeEach(() => {
    Object.defineProperty(globalThis, 'crypto', { value: {}, configurable: true });
  });
  afterEach(() => {
    Object.defineProperty(globalThis, 'crypto', webCrypto);
  });

  test('the fallback HMAC-SHA256 and SHA-256 give the bytes node:crypto gives, for any UTF-8 text', async () => {
    const { fallbackHmacSha256, fallbackSha256Hex } = await import('./fallback-hashing');
    for (const [key, message] of [
      [serverSeed, 'lucky:7'],
      ['', ''],
      ['ключ 🔑', 'সিড:0:3'],
      ['k'.repeat(100), 'm'.repeat(1000)],
    ]) {
      expect(Buffer.from(new Uint8Array(await fallbackHmacSha256(key, message))).toString('hex')).toBe(createHmac('sha256', key).update(message, 'utf8').digest('hex'));
      expect(await fallbackSha256Hex(message)).toBe(createHash('sha256').update(message, 'utf8').digest('hex'));
    }
  });

  test('a slot round from its link is recomputed all the same, and the hash checked', async () => {
    const nonce = 3;
    const expected = playRound('JLS002', hmacStream(nodeHmac, { serverSeed, clientSeed: 'plain http', nonce }), { bet: 100 });
    if (expected.kind !== 'slot') throw new Error('a slot');
    await open(`?game=JLS002&serverSeed=${serverSeed}&hash=${hash}&clientSeed=plain%20http&nonce=${nonce}&bet=1`);
    await screen.findByTestId('verify-result', undefined, { timeout: 5000 });
    expect(screen.getByTestId('verify-hash-check').getAttribute('data-matches')).toBe('true');
    expect(screen.getByTestId('verify-total-win').textContent).toContain(`total win ${(expected.result.totalWin / 100).toFixed(2)}`);
    expect(screen.getAllByTestId('verify-step')).toHaveLength(1 + expected.result.freeSpins.length);
  });
});
