import { normaliseIp } from './request-context';

describe('normaliseIp', () => {
  it('unwraps IPv4-mapped IPv6 only', () => {
    expect(normaliseIp('::ffff:10.0.0.1')).toBe('10.0.0.1');
    expect(normaliseIp('::FFFF:10.0.0.1')).toBe('10.0.0.1');
    expect(normaliseIp('2001:db8::1')).toBe('2001:db8::1');
    expect(normaliseIp('10.0.0.1')).toBe('10.0.0.1');
  });
});
