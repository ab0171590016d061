import { describe, expect, it } from 'vitest';
import { checkWebhookUrl, isForbiddenAddress } from './target-address.js';
import { fill } from '@shared/messages.js';
import { webhookMessages } from '@shared/webhooks.js';

describe('webhook target addresses (SSRF)', () => {
  it('refuses loopback, private, link-local, CGNAT, multicast and unspecified addresses, IPv4 and IPv6', () => {
    const refused = [
      '127.0.0.1',
      '127.255.0.9',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '100.127.255.254',
      '0.0.0.0',
      '224.0.0.1',
      '239.255.255.250',
      '255.255.255.255',
      '::',
      '::1',
      'fe80::1',
      'fd00::1',
      'fc00::abcd',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:a9fe:a9fe',
      '::ffff:10.0.0.1',
      '::127.0.0.1',
      '64:ff9b::a9fe:a9fe',
      'not an address',
    ];
    expect(refused.filter((a) => !isForbiddenAddress(a))).toEqual([]);
  });

  it('lets public addresses through', () => {
    const allowed = ['93.184.215.14', '8.8.8.8', '1.1.1.1', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8', '64:ff9b::808:808'];
    expect(allowed.filter((a) => isForbiddenAddress(a))).toEqual([]);
  });

  it('checks a URL: http(s) only, no credentials, every address the host resolves to public', async () => {
    const check = (url: string, addresses: string[] = ['93.184.215.14']) =>
      checkWebhookUrl(url, { allowPrivate: false, lookup: async () => addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })) }).then(
        (u) => u,
        (e: Error) => `refused: ${e.message}`,
      );
    expect(await check('https://hooks.example.com/renderlift#frag')).toBe('https://hooks.example.com/renderlift');
    expect(await check('ftp://hooks.example.com/')).toBe(`refused: ${webhookMessages.urlScheme}`);
    expect(await check('https://user:pw@hooks.example.com/')).toBe(`refused: ${webhookMessages.urlCredentials}`);
    expect(await check('not a url')).toBe(`refused: ${webhookMessages.urlInvalid}`);
    // one private address among public ones is enough to refuse
    expect(await check('https://rebind.example.com/', ['93.184.215.14', '10.0.0.5'])).toBe(
      `refused: ${fill(webhookMessages.urlPrivate, { host: 'rebind.example.com', address: '10.0.0.5' })}`,
    );
    expect(await check('https://nowhere.example.com/', [])).toBe(`refused: ${fill(webhookMessages.urlUnresolvable, { host: 'nowhere.example.com' })}`);
    expect(await check('http://[::ffff:127.0.0.1]:8080/')).toBe(
      `refused: ${fill(webhookMessages.urlPrivate, { host: '::ffff:7f00:1', address: '::ffff:7f00:1' })}`,
    );
    // the operator's setting lets private targets through
    expect(await checkWebhookUrl('http://127.0.0.1:9/hook', { allowPrivate: true })).toBe('http://127.0.0.1:9/hook');
  });
});
