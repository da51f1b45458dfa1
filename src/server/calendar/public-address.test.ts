import { describe, expect, it } from 'vitest';
import { addressProblem, isPublicAddress } from './public-address.js';

describe('addressProblem', () => {
  it.each([
    ['93.184.215.14', null],
    ['172.32.0.1', null],
    ['100.128.0.1', null],
    ['2606:4700:4700::1111', null],
    ['::ffff:93.184.215.14', null],
    ['64:ff9b::5db8:d70e', null],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['::1', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['::ffff:10.0.0.1', 'private'],
    ['64:ff9b::a01:203', 'private'],
    ['2002:c0a8:101::1', 'private'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['169.254.169.254', 'link-local'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['fd00::1', 'unique-local'],
    ['fc00::1', 'unique-local'],
    ['0.0.0.0', 'unspecified'],
    ['::', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['ff02::1', 'multicast'],
    ['255.255.255.255', 'reserved'],
    ['198.18.0.1', 'reserved'],
    ['::a00:1', 'reserved'],
    ['2001:db8::1', 'reserved'],
    ['localhost', 'not an IP address'],
  ])('%s → %s', (address, problem) => {
    expect(addressProblem(address)).toBe(problem);
    expect(isPublicAddress(address)).toBe(problem === null);
  });
});
