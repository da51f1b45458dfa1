import { describe, expect, it } from 'vitest';
import { addressesProblem, checkFeedUrl, PUBLIC_ONLY, policyFor } from './feed-address.js';

// One module decides which feed addresses may be reached, on save and on every fetch.
describe('feed addresses', () => {
  it('refuses a host when any one of its addresses is private, naming the host and the address', () => {
    expect(addressesProblem(PUBLIC_ONLY, 'feeds.example', ['93.184.216.34', '10.1.2.3'])).toMatch(
      /^the address of feeds\.example is .+ \(10\.1\.2\.3\)$/,
    );
    expect(addressesProblem(PUBLIC_ONLY, '127.0.0.1', ['127.0.0.1'])).toMatch(/^the address is .+ \(127\.0\.0\.1\)$/);
    expect(addressesProblem(PUBLIC_ONLY, 'feeds.example', ['93.184.216.34'])).toBeNull();
  });

  it('on save: https and a public address only, unless private hosts are allowed', async () => {
    expect(await checkFeedUrl('http://93.184.216.34/cal.ics', false)).toBe('https:// is required');
    expect(await checkFeedUrl('https://127.0.0.1/cal.ics', false)).toMatch(/\(127\.0\.0\.1\)$/);
    expect(await checkFeedUrl('https://[::1]/cal.ics', false)).toMatch(/\(::1\)$/);
    expect(await checkFeedUrl('https://93.184.216.34/cal.ics', false)).toBeUndefined();
    expect(await checkFeedUrl('http://127.0.0.1:8080/cal.ics', true)).toBeUndefined();
    expect(await checkFeedUrl('ftp://127.0.0.1/cal.ics', true)).toBe(
      'only http:// and https:// addresses can be fetched',
    );
    expect(policyFor(false)).toBe(PUBLIC_ONLY);
  });
});
