import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestServer, TestClient, type TestServer } from '../testing/test-server.js';
import { signUpVerifiedUser } from '../testing/accounts.js';
import { backends } from '../testing/databases.js';
import { businessCustomers, profiles } from '../db/schema.js';
import { grantPlan } from '../services/plans/grant-plan.js';
import { messages } from '@shared/messages.js';
import sharp from 'sharp';
import { profiles as profilesTable } from '../db/schema.js';

describe.each(backends)('profile and credits API (%s)', (backend) => {
  let server: TestServer;
  let alice: TestClient;
  let aliceEmail: string;
  let bob: TestClient;

  beforeAll(async () => {
    server = await startTestServer({ backend, env: { RATE_LIMIT_SIGN_UP: '100/60', RATE_LIMIT_SIGN_IN: '100/60' } });
    alice = new TestClient(server.url);
    aliceEmail = (await signUpVerifiedUser(alice, server.deps, { metadata: { first_name: 'Alice', last_name: 'Aalto', country: 'FI' } })).email;
    bob = new TestClient(server.url);
    await signUpVerifiedUser(bob, server.deps, { metadata: { first_name: 'Bob', last_name: 'Berg' } });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('edits first and last name; the e-mail stays; signed out is refused', async () => {
    const r = await alice.json('/api/profile', { method: 'PATCH', json: { first_name: '  Alicia ', last_name: 'Aalto-Berg' } });
    expect(r.status).toBe(200);
    expect(r.body.message).toBe(messages.profileUpdated);
    expect(r.body.profile).toMatchObject({ first_name: 'Alicia', last_name: 'Aalto-Berg', email: aliceEmail });
    const again = await alice.json('/api/profile');
    expect(again.body.profile.first_name).toBe('Alicia');
    expect((await new TestClient(server.url).json('/api/profile')).status).toBe(401);
    // an e-mail in the body is not a field: nothing changes it
    await alice.json('/api/profile', { method: 'PATCH', json: { first_name: 'Alicia', last_name: 'Aalto-Berg', email: 'other@example.com' } });
    expect((await alice.json('/api/profile')).body.profile.email).toBe(aliceEmail);
  });

  it('business details: company and country required, VAT checked against the country, upserted with billing_address {}', async () => {
    const missing = await alice.json('/api/profile/business', { method: 'PUT', json: { company_name: ' ', country_code: 'FI' } });
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toBe(messages.companyRequired);
    const noCountry = await alice.json('/api/profile/business', { method: 'PUT', json: { company_name: 'Aalto Visuals' } });
    expect(noCountry.body.error.message).toBe(messages.countryRequired);
    const badVat = await alice.json('/api/profile/business', { method: 'PUT', json: { company_name: 'Aalto Visuals', country_code: 'DE', vat_id: 'DE123' } });
    expect(badVat.status).toBe(400);
    expect(badVat.body.error.message).toBe(messages.vatInvalid);
    const ok = await alice.json('/api/profile/business', {
      method: 'PUT',
      json: { company_name: 'Aalto Visuals', country_code: 'de', vat_id: 'de 136695976', business_type: 'LLC', industry: 'Real Estate' },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe(messages.businessUpdated);
    const got = await alice.json('/api/profile');
    expect(got.body.business).toEqual({
      company_name: 'Aalto Visuals',
      vat_id: 'DE136695976',
      country_code: 'DE',
      business_type: 'LLC',
      industry: 'Real Estate',
    });
    expect(got.body.profile).toMatchObject({ is_business: true, company_name: 'Aalto Visuals', vat_id: 'DE136695976' });
    const [row] = await server.deps.db
      .select()
      .from(businessCustomers)
      .innerJoin(profiles, eq(profiles.id, businessCustomers.profileId))
      .where(eq(profiles.email, aliceEmail));
    expect(row.business_customers.billingAddress).toEqual({});
    // Bob sees only his own: no business row, his own name
    const bobs = await bob.json('/api/profile');
    expect(bobs.body.business).toBeNull();
    expect(bobs.body.profile.first_name).toBe('Bob');
  });

  it('credits: balance, allowance, reset date, recent activity, the whole ledger and its CSV, each user only their own', async () => {
    await grantPlan(server.deps, { email: aliceEmail, tier: 'business' });
    const summary = await alice.json('/api/credits');
    expect(summary.body).toMatchObject({ credits_remaining: 1000, allowance: 1000, subscription_status: 'business', recent: [] });
    expect(Date.parse(summary.body.resets_at)).toBeGreaterThan(Date.now());
    const ledger = await alice.json('/api/credits/ledger');
    expect(ledger.body.items.map((e: { reason: string }) => e.reason)).toEqual(['complimentary', 'signup']);
    expect(ledger.body.items[0]).toMatchObject({ delta: 996, balance_after: 1000 });
    const csv = await alice.fetch('/api/credits/ledger.csv');
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.headers.get('content-disposition')).toMatch(/attachment; filename="renderlift-credits-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = (await csv.text()).trim().split('\r\n');
    expect(lines[0]).toBe('date,reason,description,credits,balance_after,job_id,job,invoice_id');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(',complimentary,Complimentary plan,996,1000,');
    const bobLedger = await bob.json('/api/credits/ledger');
    expect(bobLedger.body.items.map((e: { reason: string }) => e.reason)).toEqual(['signup']);
    expect((await new TestClient(server.url).fetch('/api/credits/ledger.csv')).status).toBe(401);
  });

  it('a profile picture: checked like an upload, stored as 256 × 256 WebP, replaced and removed without leaving files', async () => {
    const png = await sharp({ create: { width: 800, height: 500, channels: 3, background: { r: 200, g: 80, b: 40 } } })
      .png()
      .toBuffer();
    const put = async (body: Blob, name: string) => {
      const form = new FormData();
      form.append('avatar', body, name);
      return alice.json('/api/profile/avatar', { method: 'PUT', body: form });
    };
    const text = await put(new Blob(['<svg onload=alert(1)>']), 'me.png');
    expect(text.status).toBe(422);
    expect((await alice.json('/api/profile')).body.profile.avatar_url).toBeNull();

    const first = await put(new Blob([new Uint8Array(png)]), 'me.png');
    expect(first.status).toBe(200);
    const served = await alice.fetch(first.body.avatar_url);
    expect(served.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 256, 256]);
    expect((await alice.json('/api/me')).body.profile.avatar_url).toMatch(/\/api\/files\/user-images\//);

    const [{ avatarPath: firstPath }] = await server.deps.db
      .select({ avatarPath: profilesTable.avatarPath })
      .from(profilesTable)
      .where(eq(profilesTable.email, aliceEmail));
    await put(new Blob([new Uint8Array(png)]), 'again.png');
    expect(await server.deps.storage.head('user-images', firstPath!)).toBeNull();
    const [{ avatarPath: secondPath }] = await server.deps.db
      .select({ avatarPath: profilesTable.avatarPath })
      .from(profilesTable)
      .where(eq(profilesTable.email, aliceEmail));
    expect((await alice.json('/api/profile/avatar', { method: 'DELETE' })).status).toBe(200);
    expect((await alice.json('/api/profile')).body.profile.avatar_url).toBeNull();
    expect(await server.deps.storage.head('user-images', secondPath!)).toBeNull();
    // Bob's profile never shows Alice's picture
    expect((await bob.json('/api/profile')).body.profile.avatar_url).toBeNull();
  });
});
