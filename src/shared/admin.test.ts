import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Audience, isEmailLike, parseRecipients } from './admin.js';
import { messages } from './messages.js';

const local = fc.stringMatching(/^[a-z0-9._+-]{1,20}$/);
const domain = fc.tuple(fc.stringMatching(/^[a-z0-9-]{1,15}$/), fc.constantFrom('com', 'de', 'studio', 'co.uk'));
const email = fc.tuple(local, domain).map(([l, [d, tld]]) => `${l}@${d}.${tld}`);
const separator = fc.constantFrom('\n', ',', ';', ', ', ' ;\n', '\r\n', ',,');

describe('custom recipients (seed 000 §5: split on newline, comma or semicolon, each e-mail-like)', () => {
  it('finds every address whatever the separators and spacing, once each, in order', () => {
    fc.assert(
      fc.property(fc.array(email, { minLength: 1, maxLength: 30 }), fc.array(separator, { minLength: 30, maxLength: 30 }), (emails, seps) => {
        const text = emails.map((e, i) => `${i % 2 ? ' ' : ''}${i % 3 ? e : e.toUpperCase()}${seps[i]}`).join('');
        const parsed = parseRecipients(text);
        expect(parsed.invalid).toEqual([]);
        expect(parsed.emails).toEqual([...new Set(emails.map((e) => e.toLowerCase()))]);
      }),
    );
  });

  it('reports every entry that is not e-mail-like, and the schema refuses the list with the seed message naming it', () => {
    fc.assert(
      fc.property(
        fc.array(email, { maxLength: 5 }),
        fc.stringMatching(/^[a-z ]{1,12}$/).filter((s) => s.trim().length > 0),
        (emails, junk) => {
          const text = [...emails, junk].join('\n');
          const parsed = parseRecipients(text);
          expect(parsed.invalid).toEqual([junk.trim()]);
          const result = Audience.safeParse({ kind: 'custom', customEmails: text });
          expect(result.success).toBe(false);
          if (!result.success) expect(result.error.issues[0].message).toBe(`${messages.adminInvalidEmails}: ${junk.trim()}`);
        },
      ),
    );
  });

  it('an address never contains a separator, and nothing blank is an entry', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const { emails, invalid } = parseRecipients(text);
        for (const e of emails) expect(isEmailLike(e) && !/[\n,;]/.test(e)).toBe(true);
        for (const i of invalid) expect(i.trim()).toBe(i);
        expect(invalid.every((i) => i.length > 0)).toBe(true);
      }),
    );
  });

  it('target days are 1 to 365, 30 when not given', () => {
    expect(Audience.parse({ kind: 'active' })).toEqual({ kind: 'active', targetDays: 30 });
    expect(Audience.safeParse({ kind: 'active', targetDays: 0 }).success).toBe(false);
    expect(Audience.safeParse({ kind: 'active', targetDays: 366 }).success).toBe(false);
    expect(Audience.parse({ kind: 'active', targetDays: '365' })).toEqual({ kind: 'active', targetDays: 365 });
  });
});
