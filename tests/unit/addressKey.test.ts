import { describe, expect, it } from 'vitest';

import { addressKey } from '../../server/http/addressKey';

describe('addressKey', () => {
  it('keeps an IPv4 address, mapped or not', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts IPv6 addresses per /64, whatever their spelling', () => {
    const a = addressKey('2001:db8:1:2::1');
    expect(a).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0DB8:0001:0002:ffff:ffff:ffff:ffff')).toBe(a);
    expect(addressKey('2001:db8:1:3::1')).not.toBe(a);
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('fe80::1')).toBe('fe80:0:0:0::/64');
  });
});
