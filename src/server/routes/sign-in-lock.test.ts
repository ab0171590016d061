import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../testing/databases.js';
import { startTestServer, TestClient, type TestServer } from '../testing/test-server.js';
import { signUpVerifiedUser } from '../testing/accounts.js';
import { accountMessages as m } from '@shared/accounts/messages.js';

// the per-address limit is set out of reach, so that only the per-account rule can stop a guesser who spreads
// attempts over many addresses
const env = { RATE_LIMIT_SIGN_IN: '1000/60', RATE_LIMIT_SIGN_UP: '1000/60', RATE_LIMIT_SIGN_IN_ACCOUNT: '10/900' };

describe.each(backends)('sign-in lock per account (%s)', (backend) => {
  let server: TestServer;
  let offsetMs = 0;
  const clock = () => new Date(Date.now() + offsetMs);
  beforeAll(async () => {
    server = await startTestServer({ backend, env, clock });
  });
  afterAll(async () => {
    await server?.stop();
  });

  const signIn = (email: string, password: string) => new TestClient(server.url).json('/api/auth/sign-in/email', { method: 'POST', json: { email, password } });

  it('30 wrong passwords lock the account for the window, even against the right one; other accounts are unaffected', async () => {
    const victim = await signUpVerifiedUser(new TestClient(server.url), server.deps);
    const other = await signUpVerifiedUser(new TestClient(server.url), server.deps);

    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push((await signIn(victim.email, `wrong-password-${i}`)).status);
    // ten are judged (and refused) by the password, the rest by the lock
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual(Array(20).fill(429));

    const right = await signIn(victim.email, victim.password);
    expect(right.status).toBe(429);
    expect(right.body.error.message).toBe(m.signInLocked);
    expect(right.res.headers.getSetCookie()).toEqual([]);
    expect(Number(right.res.headers.get('retry-after'))).toBeGreaterThan(0);
    // the address is the account's in any spelling
    expect((await signIn(`  ${victim.email.toUpperCase()}`, victim.password)).status).toBe(429);

    expect((await signIn(other.email, other.password)).status).toBe(200);

    // the lock lasts its window (15 minutes from the tenth failure); after it the right password works
    offsetMs += 890_000;
    expect((await signIn(victim.email, victim.password)).status).toBe(429);
    offsetMs += 11_000;
    expect((await signIn(victim.email, victim.password)).status).toBe(200);
  });

  it('an unknown address is counted and answered the same way', async () => {
    const email = 'nobody-here@example.com';
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await signIn(email, `wrong-password-${i}`)).status);
    expect(statuses).toEqual([...Array(10).fill(401), 429, 429]);
    const locked = await signIn(email, 'any-password-1');
    expect(locked.body.error.message).toBe(m.signInLocked);
  });

  it('successful sign-ins do not count, and do not lift a lock in force', async () => {
    const user = await signUpVerifiedUser(new TestClient(server.url), server.deps);
    for (let i = 0; i < 9; i++) expect((await signIn(user.email, 'wrong-password')).status).toBe(401);
    for (let i = 0; i < 5; i++) expect((await signIn(user.email, user.password)).status).toBe(200);
    expect((await signIn(user.email, 'wrong-password')).status).toBe(401);
    expect((await signIn(user.email, user.password)).status).toBe(429);
    expect((await signIn(user.email, 'wrong-password')).status).toBe(429);
  });

  it('simultaneous guesses cannot slip past the count', async () => {
    const user = await signUpVerifiedUser(new TestClient(server.url), server.deps);
    const statuses = await Promise.all(Array.from({ length: 25 }, (_, i) => signIn(user.email, `wrong-password-${i}`).then((r) => r.status)));
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
  });
});
