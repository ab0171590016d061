import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.js';
import { isAcceptedHost, trustedOrigins } from './public-origin.js';

const asked = (host: string, headers: Record<string, string> = {}) => new Request(`http://127.0.0.1:3000/api/version`, { headers: { host, ...headers } });

describe('ALLOWED_HOSTS', () => {
  it('reads host names and .domains, in lower case', () => {
    expect(loadConfig({ ALLOWED_HOSTS: 'Studio.lan, .Home.Arpa ,10.0.0.7,[fd00::7]' }).ALLOWED_HOSTS).toEqual([
      'studio.lan',
      '.home.arpa',
      '10.0.0.7',
      '[fd00::7]',
    ]);
    expect(loadConfig({}).ALLOWED_HOSTS).toEqual([]);
  });

  it('refuses a URL or a port in place of a name, naming the variable', () => {
    for (const bad of ['https://studio.lan', 'studio.lan:3000', 'studio.lan/app', 'user@studio.lan']) {
      expect(() => loadConfig({ ALLOWED_HOSTS: bad })).toThrow(ConfigError);
      expect(() => loadConfig({ ALLOWED_HOSTS: bad })).toThrow(/ALLOWED_HOSTS: .*host name/);
    }
  });
});

describe('which hosts a server without BASE_URL answers to', () => {
  const config = loadConfig({ ALLOWED_HOSTS: 'studio.lan,.home.arpa', TRUSTED_ORIGINS: 'https://admin.example.com' });

  it('this machine’s names, the allowed names and the hosts of TRUSTED_ORIGINS', () => {
    for (const host of [
      'localhost:3000',
      'LOCALHOST',
      '127.0.0.1:3000',
      '127.1.2.3',
      '[::1]:3000',
      'studio.lan',
      'home.arpa',
      'nas.home.arpa:8080',
      'admin.example.com',
    ]) {
      expect(isAcceptedHost(config, asked(host)), host).toBe(true);
    }
    expect(isAcceptedHost(config, asked(os.hostname()))).toBe(true);
    expect(isAcceptedHost(config, asked(`${os.hostname()}.local:3000`))).toBe(true);
  });

  it('no other name, and a foreign name makes no trusted origin', () => {
    for (const host of ['evil.example', 'studio.lan.evil.example', 'xhome.arpa', 'localhost.evil.example', '127.0.0.1.evil.example']) {
      expect(isAcceptedHost(config, asked(host)), host).toBe(false);
      expect(trustedOrigins(config, asked(host))).not.toContain(`http://${host}`);
    }
  });

  it('X-Forwarded-Host counts only with TRUST_PROXY, and then its right-most entry', () => {
    expect(isAcceptedHost(config, asked('localhost', { 'x-forwarded-host': 'evil.example' }))).toBe(true);
    const behindProxy = loadConfig({ TRUST_PROXY: 'true' });
    expect(isAcceptedHost(behindProxy, asked('localhost', { 'x-forwarded-host': 'evil.example' }))).toBe(false);
    expect(isAcceptedHost(behindProxy, asked('localhost', { 'x-forwarded-host': 'evil.example, localhost' }))).toBe(true);
    expect(isAcceptedHost(behindProxy, asked('localhost', { 'x-forwarded-host': 'localhost, evil.example' }))).toBe(false);
  });

  it('any name with BASE_URL: links and origins come from BASE_URL then', () => {
    const fixed = loadConfig({ BASE_URL: 'https://app.example.com' });
    expect(isAcceptedHost(fixed, asked('evil.example'))).toBe(true);
    expect(trustedOrigins(fixed, asked('evil.example'))).toEqual(['https://app.example.com']);
  });
});
