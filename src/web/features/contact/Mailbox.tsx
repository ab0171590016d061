import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import type { ContactInfo } from '@shared/api/contact';

/**
 * The two public mailboxes as this server is configured (CONTACT_GENERAL_EMAIL, CONTACT_SUPPORT_EMAIL): a self-hosted
 * install shows its own, never an address built into the page. Empty strings until the server has answered.
 */
export function useContactMailboxes(): ContactInfo {
  const { data } = useQuery({
    queryKey: ['contact-info'],
    queryFn: () => apiRequest<ContactInfo>('GET', '/api/contact'),
    staleTime: 5 * 60_000,
  });
  return data ?? { generalEmail: '', supportEmail: '' };
}

/** A mailto link to one of the configured mailboxes; the contact page's address while the server has not answered. */
export function Mailbox({ kind }: { kind: 'general' | 'support' }) {
  const info = useContactMailboxes();
  const email = kind === 'general' ? info.generalEmail : info.supportEmail;
  if (!email) return <a href="/contact">our contact page</a>;
  return (
    <a href={`mailto:${email}`} data-testid={`${kind}-mailbox-link`}>
      {email}
    </a>
  );
}
