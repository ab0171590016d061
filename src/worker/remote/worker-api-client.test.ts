import { describe, expect, it } from 'vitest';
import { serverUrlProblem } from './worker-api-client.js';

describe('a remote worker’s settings', () => {
  it('sends its token over HTTPS, or over plain HTTP to this machine only', () => {
    expect(serverUrlProblem('https://studio.example')).toBeNull();
    expect(serverUrlProblem('http://127.0.0.1:3000')).toBeNull();
    expect(serverUrlProblem('http://localhost:3000')).toBeNull();
    expect(serverUrlProblem('http://[::1]:3000')).toBeNull();
    expect(serverUrlProblem('http://studio.lan:3000')).toBe(
      'A worker token is only sent over HTTPS: use https://studio.lan:3000 (plain HTTP only to this machine itself).',
    );
    expect(serverUrlProblem('studio.example')).toMatch(/--server must be the server's address/);
  });
});
