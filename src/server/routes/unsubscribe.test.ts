import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerMailingOverSmtp, type ReceivedMail, type TestSmtpServer } from '@server/testing/smtp-server.js';
import { TestClient, type TestServer } from '@server/testing/test-server.js';
import { signUpVerifiedUser } from '@server/testing/accounts.js';
import { makeAdmin } from '@server/services/accounts/make-admin.js';
import { unsubscribeToken } from '@server/services/notifications/unsubscribe.js';
import { messages } from '@shared/messages.js';

/** The message's header block with folded lines joined, and its body with quoted-printable undone. */
function parse(mail: ReceivedMail) {
  const [head, ...rest] = mail.raw.split(/\r?\n\r?\n/);
  const headers = head.replace(/\r?\n[ \t]+/g, ' ');
  const body = rest
    .join('\n\n')
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  const header = (name: string) => headers.match(new RegExp(`^${name}: (.*)$`, 'mi'))?.[1];
  return { header, body };
}

describe('unsubscribing from announcements', () => {
  let server: TestServer;
  let smtp: TestSmtpServer;
  let stop: (() => Promise<void>) | undefined;
  const admin = () => adminClient;
  let adminClient: TestClient;
  beforeAll(async () => {
    ({ server, smtp, stop } = await startServerMailingOverSmtp());
    adminClient = new TestClient(server.url);
    await makeAdmin(server.deps.db, (await signUpVerifiedUser(adminClient, server.deps)).email);
  });
  afterAll(() => stop?.());

  async function announce(kind: 'maintenance' | 'application-available', message: string) {
    const json =
      kind === 'maintenance'
        ? { message, severity: 'warning', estimatedCompletionTime: '2 hours', audience: { kind: 'active', targetDays: 30 } }
        : { message, callToActionText: 'Open the workspace', audience: { kind: 'active', targetDays: 30 } };
    const res = await admin().json(`/api/admin/notifications/${kind}`, { method: 'POST', json });
    expect(res.status).toBe(202);
    for (let i = 0; i < 100; i++) {
      if ((await admin().json(`/api/admin/notifications/${res.body.campaignId}`)).body.campaign.status === 'completed') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    return (to: string) => smtp.received.filter((r) => r.to.includes(to) && r.raw.includes(message.split(' ')[0]));
  }

  const wantsMail = async (client: TestClient) => (await client.json('/api/profile/notifications')).body.preferences.email_notifications as boolean;

  it('an announcement carries List-Unsubscribe headers and a link; one click turns optional e-mail off', async () => {
    const user = new TestClient(server.url);
    const { email } = await signUpVerifiedUser(user, server.deps);
    const mailsTo = await announce('maintenance', 'Maintainance-one tonight from 22:00.');
    const [mail] = mailsTo(email);
    expect(mail).toBeDefined();
    const { header, body } = parse(mail);
    const url = header('List-Unsubscribe')!.match(/^<(.+)>$/)![1];
    expect(url).toMatch(new RegExp(`^${server.url}/api/notifications/unsubscribe\\?token=`));
    expect(header('List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    // the same link in the message, with its words
    expect(body).toContain(url);
    expect(body).toContain(messages.unsubscribeLink);

    // opening the link asks first and changes nothing (mail scanners open links)
    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(messages.unsubscribeConfirm);
    expect(await wantsMail(user)).toBe(true);

    // the mail client's one-click POST (RFC 8058): no session, no Origin, the token alone
    const click = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    expect(click.status).toBe(200);
    expect(await click.json()).toEqual({ success: true, message: messages.unsubscribeDone });
    expect(await wantsMail(user)).toBe(false);

    // and it holds: neither announcement reaches the address any more, while others still get them
    const other = new TestClient(server.url);
    const otherEmail = (await signUpVerifiedUser(other, server.deps)).email;
    const later = await announce('maintenance', 'Maintainance-two on Sunday.');
    expect(later(email)).toHaveLength(0);
    expect(later(otherEmail)).toHaveLength(1);
    const back = await announce('application-available', 'Available-again after the move.');
    expect(back(email)).toHaveLength(0);
    expect(parse(back(otherEmail)[0]).header('List-Unsubscribe')).toMatch(/unsubscribe\?token=/);
  });

  it('the page’s button unsubscribes too; a token this server did not sign changes nothing', async () => {
    const user = new TestClient(server.url);
    const { userId } = await signUpVerifiedUser(user, server.deps);
    const token = unsubscribeToken(server.deps.config, userId);
    const [id, sig] = token.split('.');
    const forged = [`${id}.${sig.slice(0, -2)}AA`, `${Buffer.from('someone-else').toString('base64url')}.${sig}`, 'nonsense', ''];
    for (const t of forged) {
      const res = await fetch(`${server.url}/api/notifications/unsubscribe?token=${encodeURIComponent(t)}`, { method: 'POST' });
      expect(res.status).toBe(400);
      expect((await res.json()).error.message).toBe(messages.unsubscribeInvalid);
      const page = await fetch(`${server.url}/api/notifications/unsubscribe?token=${encodeURIComponent(t)}`);
      expect(page.status).toBe(400);
    }
    expect(await wantsMail(user)).toBe(true);

    const confirm = await fetch(`${server.url}/api/notifications/unsubscribe/confirm?token=${encodeURIComponent(token)}`, {
      method: 'POST',
      headers: { origin: server.url },
    });
    expect(confirm.status).toBe(200);
    expect(await confirm.text()).toContain('You are unsubscribed.');
    expect(await wantsMail(user)).toBe(false);
  });

  it('a typed address without an account gets the notice without an unsubscribe link', async () => {
    const res = await admin().json('/api/admin/notifications/maintenance', {
      method: 'POST',
      json: {
        message: 'Typed-list notice.',
        severity: 'warning',
        estimatedCompletionTime: '1 hour',
        audience: { kind: 'custom', customEmails: 'nobody@studio.example' },
      },
    });
    expect(res.status).toBe(202);
    let mail: ReceivedMail | undefined;
    for (let i = 0; i < 100 && !mail; i++) {
      mail = smtp.received.find((r) => r.to.includes('nobody@studio.example'));
      if (!mail) await new Promise((r) => setTimeout(r, 100));
    }
    expect(mail).toBeDefined();
    expect(parse(mail!).header('List-Unsubscribe')).toBeUndefined();
    expect(parse(mail!).body).not.toContain(messages.unsubscribeLink);
  });
});
