import { requestOrigin } from './origin';

// The origin handed back in links is built from the caller's Host header: a forged one must give
// an address that parses and leads nowhere, never an error (a 500) or markup.

const origin = (hostname: string, port: number | undefined = undefined, protocol: 'http' | 'https' = 'https') => requestOrigin({ protocol, hostname, port: port as number });

it('keeps a host name, an IP address and a port other than the default', () => {
  expect(origin('play.example.com')).toBe('https://play.example.com');
  expect(origin('play.example.com', 443)).toBe('https://play.example.com');
  expect(origin('localhost', 4471, 'http')).toBe('http://localhost:4471');
  expect(origin('127.0.0.1', 80, 'http')).toBe('http://127.0.0.1');
  expect(origin('[::1]', 3000, 'http')).toBe('http://[::1]:3000');
});

it('replaces a forged host with localhost, and the result parses as a URL', () => {
  for (const forged of ['<script>alert(1)</script>', 'evil.com/path', 'user@evil.com', 'a b', '', 'évil.com', '-bad.com']) {
    const built = origin(forged, 8443);
    expect(built).toBe('https://localhost:8443');
    expect(new URL(built).host).toBe('localhost:8443');
  }
});

it('drops a port no URL can carry, so the result still parses', () => {
  for (const port of [99999, 65536, 0, -1, 1.5]) {
    const built = origin('example.com', port);
    expect(built).toBe('https://example.com');
    expect(new URL(built).host).toBe('example.com');
  }
  expect(origin('example.com', 65535)).toBe('https://example.com:65535');
});
