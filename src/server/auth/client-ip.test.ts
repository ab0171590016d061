import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.js';
import { resolveClientAddress } from './client-ip.js';

const trust = (value: string) => loadConfig({ TRUST_PROXY: value }).TRUST_PROXY;

describe('TRUST_PROXY', () => {
  it('is off by default and with false, one hop with true, a hop count with a number, a proxy list otherwise', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    for (const off of ['false', '0', 'no']) expect(trust(off)).toBe(false);
    for (const one of ['true', '1', 'yes']) expect(trust(one)).toEqual({ hops: 1 });
    expect(trust('2')).toEqual({ hops: 2 });
    expect(trust(' 10.0.0.0/8, 192.168.1.7 ,fd00::/8 ')).toEqual({ proxies: ['10.0.0.0/8', '192.168.1.7', 'fd00::/8'] });
  });

  it('names what is wrong with a value it cannot read', () => {
    for (const bad of ['banana', '10.0.0.0/33', '10.0.0.1, nginx', 'fd00::/129']) {
      expect(() => trust(bad)).toThrow(ConfigError);
      expect(() => trust(bad)).toThrow(/TRUST_PROXY: .*(address|CIDR)/);
    }
  });
});

describe('the client address', () => {
  it('is the socket peer when no proxy is trusted, whatever X-Forwarded-For says', () => {
    expect(resolveClientAddress('203.0.113.9', '127.0.0.1', false)).toBe('203.0.113.9');
    expect(resolveClientAddress('::ffff:203.0.113.9', undefined, false)).toBe('203.0.113.9');
  });

  it('with one trusted hop is the right-most X-Forwarded-For entry: the one the proxy wrote', () => {
    // the client wrote 127.0.0.1 itself; the proxy appended the address it saw
    expect(resolveClientAddress('127.0.0.1', '127.0.0.1, 203.0.113.9', { hops: 1 })).toBe('203.0.113.9');
    expect(resolveClientAddress('127.0.0.1', '10.9.9.9,  198.51.100.7', { hops: 1 })).toBe('198.51.100.7');
    // a proxy that forwarded no header: the peer is all there is
    expect(resolveClientAddress('127.0.0.1', undefined, { hops: 1 })).toBe('127.0.0.1');
    expect(resolveClientAddress('127.0.0.1', '', { hops: 1 })).toBe('127.0.0.1');
  });

  it('with two hops skips the second proxy’s entry too, and stops at the left-most when the chain is shorter', () => {
    expect(resolveClientAddress('10.0.0.2', '6.6.6.6, 203.0.113.9, 10.0.0.1', { hops: 2 })).toBe('203.0.113.9');
    expect(resolveClientAddress('10.0.0.2', '203.0.113.9', { hops: 2 })).toBe('203.0.113.9');
  });

  it('with a proxy list is the right-most address that is not a listed proxy', () => {
    const proxies = { proxies: ['10.0.0.0/8', '127.0.0.1', '::1'] };
    expect(resolveClientAddress('127.0.0.1', '127.0.0.1, 203.0.113.9, 10.1.2.3', proxies)).toBe('203.0.113.9');
    expect(resolveClientAddress('::ffff:10.0.0.5', '6.6.6.6, 198.51.100.7', proxies)).toBe('198.51.100.7');
    expect(resolveClientAddress('::1', '2001:db8::7', proxies)).toBe('2001:db8::7');
    // a peer that is not a listed proxy speaks for itself
    expect(resolveClientAddress('203.0.113.9', '127.0.0.1', proxies)).toBe('203.0.113.9');
    // only proxies all the way: the left-most is the closest thing to the client there is
    expect(resolveClientAddress('127.0.0.1', '10.0.0.1, 10.0.0.2', proxies)).toBe('10.0.0.1');
  });

  it('never takes a malformed entry for an address', () => {
    expect(resolveClientAddress('127.0.0.1', 'not-an-address', { hops: 1 })).toBe('127.0.0.1');
    expect(resolveClientAddress('127.0.0.1', '203.0.113.9, <script>', { proxies: ['127.0.0.1'] })).toBe('127.0.0.1');
  });
});
