import { describe, expect, it } from 'vitest';
import { contactReplyHref } from './contact-reply';

describe('the reply link of a contact message', () => {
  it('is one mailto: recipient and one subject, whatever the stored address and subject hold', () => {
    const href = contactReplyHref('x@y.zz?cc=victim@studio.example&body=pay here', 'Invoice & copy?');
    const url = new URL(href);
    expect(url.protocol).toBe('mailto:');
    expect(decodeURIComponent(url.pathname)).toBe('x@y.zz?cc=victim@studio.example&body=pay here');
    expect([...url.searchParams.keys()]).toEqual(['subject']);
    expect(url.searchParams.get('subject')).toBe('Re: Invoice & copy?');
  });

  it('an ordinary address reads back as itself', () => {
    const url = new URL(contactReplyHref('jo.park+studio@studio.example', 'Plans'));
    expect(decodeURIComponent(url.pathname)).toBe('jo.park+studio@studio.example');
    expect(url.searchParams.get('subject')).toBe('Re: Plans');
  });
});
