/**
 * The operator's details shown on the public pages. A self-hosted installation edits this one file to put its own
 * company into the footer and the legal text; the mailboxes come from the server's configuration (CONTACT_*_EMAIL).
 */
export const site = {
  name: 'Renderlift',
  operator: 'Renderlift',
  country: 'Spain',
  legalUpdated: '22 November 2026',
} as const;
