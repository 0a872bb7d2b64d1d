import { ConfigCache } from './config-cache';

const merchant = (configRevision?: string) => ({ id: 1, code: 'DEFAULT', name: 'Lucky Star', configRevision });

describe('ConfigCache', () => {
  it('reads once per revision and again when the revision moves', async () => {
    const cache = new ConfigCache();
    let reads = 0;
    const load = async () => ++reads;
    expect(await cache.get(merchant('7'), 'settings', load)).toBe(1);
    expect(await cache.get(merchant('7'), 'settings', load)).toBe(1);
    expect(await cache.get(merchant('8'), 'settings', load)).toBe(2);
    expect(await cache.get(merchant('8'), 'settings', load)).toBe(2);
  });

  it('keeps merchants and keys apart', async () => {
    const cache = new ConfigCache();
    expect(await cache.get(merchant('1'), 'a', async () => 'a')).toBe('a');
    expect(await cache.get(merchant('1'), 'b', async () => 'b')).toBe('b');
    expect(await cache.get({ ...merchant('1'), id: 2 }, 'a', async () => 'other brand')).toBe('other brand');
  });

  it('never caches for a merchant without a revision', async () => {
    const cache = new ConfigCache();
    let reads = 0;
    await cache.get(merchant(), 'settings', async () => ++reads);
    await cache.get(merchant(), 'settings', async () => ++reads);
    expect(reads).toBe(2);
    expect(cache.size).toBe(0);
  });

  it('forgets a failed read so the next request tries again', async () => {
    const cache = new ConfigCache();
    await expect(cache.get(merchant('1'), 'settings', async () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await cache.get(merchant('1'), 'settings', async () => 'recovered')).toBe('recovered');
  });
});
