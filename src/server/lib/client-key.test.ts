import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clientKey } from './client-key.js';

describe('clientKey', () => {
  it('keeps an IPv4 address, and counts an IPv4-mapped IPv6 address as that IPv4 address', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::FFFF:cb00:7107')).toBe('203.0.113.7');
  });

  it('keys an IPv6 address by its /64, however it is written', () => {
    const key = '2001:db8:0:1::/64';
    for (const written of [
      '2001:db8:0:1::1',
      '2001:DB8:0:1:ffff:ffff:ffff:ffff',
      '2001:0db8:0000:0001:0000:0000:0000:abcd',
      '2001:db8::1:0:0:0:5',
      '2001:db8:0:1::9%eth0',
    ]) {
      expect(clientKey(written)).toBe(key);
    }
    expect(clientKey('2001:db8:0:2::1')).toBe('2001:db8:0:2::/64');
    expect(clientKey('fe80::1%eth0')).toBe('fe80::/64');
  });

  it('gives every address of one /64 one key, and addresses of two /64s two keys', () => {
    const group = fc.integer({ min: 0, max: 0xffff });
    const groups = (n: number) => fc.array(group, { minLength: n, maxLength: n });
    const hex = (parts: number[]) => parts.map((p) => p.toString(16)).join(':');
    fc.assert(
      fc.property(groups(4), groups(4), groups(4), (prefix, a, b) => {
        fc.pre(!(prefix[0] === 0 && prefix[1] === 0 && prefix[2] === 0 && prefix[3] === 0));
        expect(clientKey(hex([...prefix, ...a]))).toBe(clientKey(hex([...prefix, ...b])));
      }),
    );
    fc.assert(
      fc.property(groups(4), groups(4), groups(4), (prefix, other, rest) => {
        fc.pre(hex(prefix) !== hex(other) && prefix.some((p) => p !== 0) && other.some((p) => p !== 0));
        expect(clientKey(hex([...prefix, ...rest]))).not.toBe(clientKey(hex([...other, ...rest])));
      }),
    );
  });

  it('leaves anything that is not an address as it is', () => {
    expect(clientKey('unknown')).toBe('unknown');
  });
});
