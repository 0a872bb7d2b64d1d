import { measureMirror, median, mirrorOrigin, PROBE_PATH, rankMirrors, type MirrorResult } from './measure';
import { testNetwork } from './test-network';

// The speed test's arithmetic and its requests, on a pretend network with exact timings.

const A = 'https://a.example.test';
const B = 'https://b.example.test';

describe('median', () => {
  it('is the middle sample, the mean of the two middle ones for an even count, none for no samples', () => {
    expect(median([30, 10, 20, 500, 15])).toBe(20);
    expect(median([40, 10, 30, 20])).toBe(25);
    expect(median([7])).toBe(7);
    expect(median([])).toBeNull();
  });
});

describe('mirrorOrigin', () => {
  it('takes the origin of what the operator wrote, https for a bare host, and refuses what names no web site', () => {
    expect(mirrorOrigin('https://m1.example.com/')).toBe('https://m1.example.com');
    expect(mirrorOrigin(' m2.example.com ')).toBe('https://m2.example.com');
    expect(mirrorOrigin('//m3.example.com/path')).toBe('https://m3.example.com');
    expect(mirrorOrigin('http://127.0.0.1:4000')).toBe('http://127.0.0.1:4000');
    expect(mirrorOrigin('javascript:alert(1)')).toBeNull();
    expect(mirrorOrigin('')).toBeNull();
  });
});

describe('measureMirror', () => {
  it('times five requests one after another and keeps their median: one slow answer does not decide it', async () => {
    const network = testNetwork({ [A]: [300, 40, 50, 45, 900] });
    const measured = measureMirror(A, { probe: network.probe, now: network.now, pageOrigin: B });
    await network.run();
    await expect(measured).resolves.toEqual({ origin: A, samples: [300, 40, 50, 45, 900], medianMs: 50 });
    expect(network.requests).toHaveLength(5);
    // Each asks the small file afresh, and another origin's without reading it.
    for (const { url, init } of network.requests) {
      expect(url.startsWith(`${A}${PROBE_PATH}?speedtest=`)).toBe(true);
      expect(init).toMatchObject({ cache: 'no-store', mode: 'no-cors' });
    }
    expect(new Set(network.requests.map(({ url }) => url)).size).toBe(5);
  });

  it('asks its own origin as a same-origin request', async () => {
    const network = testNetwork({ [A]: [10] });
    const measured = measureMirror(A, { probe: network.probe, now: network.now, pageOrigin: A, samples: 3 });
    await network.run();
    expect((await measured).samples).toEqual([10, 10, 10]);
    expect(network.requests.map(({ init }) => init.mode)).toEqual(['same-origin', 'same-origin', 'same-origin']);
  });

  it('finds a mirror that fails unreachable, without asking it again', async () => {
    const network = testNetwork({ [A]: 'fail' });
    await expect(measureMirror(A, { probe: network.probe, now: network.now })).resolves.toEqual({ origin: A, samples: [], medianMs: null });
    expect(network.requests).toHaveLength(1);
  });

  it('gives up on a request after the timeout', async () => {
    const network = testNetwork({ [A]: 'hang' });
    await expect(measureMirror(A, { probe: network.probe, now: network.now, timeoutMs: 20 })).resolves.toMatchObject({ medianMs: null });
  });

  it('stops when the page ends the run', async () => {
    const network = testNetwork({ [A]: [10] });
    const controller = new AbortController();
    controller.abort();
    await expect(measureMirror(A, { probe: network.probe, now: network.now, signal: controller.signal })).resolves.toEqual({ origin: A, samples: [], medianMs: null });
    expect(network.requests).toHaveLength(0);
  });
});

describe('rankMirrors', () => {
  const result = (origin: string, medianMs: number | null): MirrorResult => ({ origin, samples: medianMs === null ? [] : [medianMs], medianMs });

  it('puts the fastest first, the operator order between equals, and the unreachable last in their order', () => {
    const ranked = rankMirrors([result('u1', null), result('slow', 300), result('fast', 12), result('u2', null), result('tie-a', 80), result('tie-b', 80)]);
    expect(ranked.map((entry) => entry.origin)).toEqual(['fast', 'tie-a', 'tie-b', 'slow', 'u1', 'u2']);
  });
});
