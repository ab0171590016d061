/**
 * The operator's details shown on the public pages. A self-hosted installation edits this one file to put its own
 * company and mailboxes into the footer, the contact points and the legal text.
 */
export const site = {
  name: 'Renderlift',
  operator: 'Renderlift',
  country: 'Spain',
  generalEmail: 'hello@renderlift.app',
  supportEmail: 'support@renderlift.app',
  privacyEmail: 'privacy@renderlift.app',
  legalUpdated: '22 November 2026',
} as const;
