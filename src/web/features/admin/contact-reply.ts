/**
 * The admin panel's "Reply by email" link. The address is whatever the sender typed, so it is encoded whole: a `?` or
 * `&` in it cannot add recipients, a body or another subject to the admin's mail.
 */
export function contactReplyHref(email: string, subject: string): string {
  return `mailto:${encodeURIComponent(email)}?subject=${encodeURIComponent(`Re: ${subject}`)}`;
}
