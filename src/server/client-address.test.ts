import { describe, expect, it } from 'vitest';
import { addressKey, checkClientAddressOptions, clientAddressOf, networkKey } from './client-address';

const withForwarded = (value?: string, extra: Record<string, string> = {}) =>
  new Request('https://relay.example/api', { headers: { ...(value === undefined ? {} : { 'x-forwarded-for': value }), ...extra } });

describe('clientAddressOf', () => {
  it.each([
    ['no proxies trusted: X-Forwarded-For is not read', '198.51.100.1', 0, undefined],
    ['one proxy: the entry it appended, not the one the client forged', '6.6.6.6, 198.51.100.1', 1, '198.51.100.1'],
    ['two proxies: the entry before the inner hop', '6.6.6.6, 198.51.100.1, 10.0.0.2', 2, '198.51.100.1'],
    ['fewer entries than trusted proxies: unknown', '198.51.100.1', 2, undefined],
    ['no header behind a proxy: unknown', undefined, 1, undefined],
  ])('%s', (_name, forwarded, trustedProxies, expected) => {
    expect(clientAddressOf(withForwarded(forwarded), {}, { trustedProxies })).toBe(expected);
  });

  it('prefers the own rule, then the adapter, then the platform header', () => {
    const request = withForwarded('6.6.6.6', { 'cf-connecting-ip': '203.0.113.5' });
    expect(clientAddressOf(request, { clientAddress: '192.0.2.1' }, { clientAddress: () => '192.0.2.9', trustedProxies: 1 })).toBe('192.0.2.9');
    expect(clientAddressOf(request, { clientAddress: '192.0.2.1' }, { clientAddressHeader: 'cf-connecting-ip' })).toBe('192.0.2.1');
    expect(clientAddressOf(request, {}, { clientAddressHeader: 'cf-connecting-ip', trustedProxies: 1 })).toBe('203.0.113.5');
  });

  it('refuses options it cannot honour', () => {
    expect(() => checkClientAddressOptions('t', { trustedProxies: -1 })).toThrow('trustedProxies');
    expect(() => checkClientAddressOptions('t', { trustedProxies: 1.5 })).toThrow('trustedProxies');
    expect(() => checkClientAddressOptions('t', { clientAddressHeader: 'x y' })).toThrow('clientAddressHeader');
    expect(() => checkClientAddressOptions('t', { networkRateLimit: 0 })).toThrow('networkRateLimit');
    expect(() => checkClientAddressOptions('t', { networkRateLimit: 1.5 })).toThrow('networkRateLimit');
    expect(() => checkClientAddressOptions('t', { networkRateLimit: true as unknown as number })).toThrow('networkRateLimit');
    expect(() => checkClientAddressOptions('t', { networkRateLimit: false })).not.toThrow();
  });
});

describe('addressKey', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['::ffff:cb00:7107', '203.0.113.7'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::99', '2001:db8:1:2::/64'],
    ['2001:DB8:1:2:ffff::1', '2001:db8:1:2::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['unknown', undefined],
    ['', undefined],
    ['999.1.1.1', undefined],
    ['203.0.113.7, 10.0.0.1', undefined],
  ])('%s → %s', (address, key) => {
    expect(addressKey(address)).toBe(key);
  });
});

describe('networkKey', () => {
  it.each([
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1::/48'],
    ['2001:DB8:1:ffff::1', '2001:db8:1::/48'],
    ['::1', '0:0:0::/48'],
    ['fe80::1%eth0', 'fe80:0:0::/48'],
    ['203.0.113.7', undefined],
    ['::ffff:203.0.113.7', undefined],
    ['unknown', undefined],
  ])('%s → %s', (address, key) => {
    expect(networkKey(address)).toBe(key);
  });
});
