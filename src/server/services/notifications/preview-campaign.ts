import type { Deps } from '@server/deps.js';
import type { Audience, NotificationKind } from '@shared/admin.js';
import type { CampaignPreview } from '@shared/api/admin.js';
import { describeAudience, resolveRecipients } from './create-campaign.js';
import { renderCampaignEmail } from './send-campaign.js';

/**
 * What a batch would do if sent now: how many recipients (and how many active users it leaves out by their own
 * choice), and the message as its first recipient would get it (the admin's own when nobody would). Writes nothing:
 * the admin confirms it before createCampaign sends the same input.
 */
export async function previewCampaign(
  deps: Pick<Deps, 'db' | 'clock' | 'config'>,
  input: { kind: NotificationKind; audience: Audience; payload: Record<string, unknown>; admin: { id: string; email: string } },
): Promise<CampaignPreview> {
  const { recipients, optedOut } = await resolveRecipients(deps, input.audience, input.admin);
  const sample = recipients[0] ?? { email: input.admin.email.toLowerCase(), userId: input.admin.id, firstName: null };
  const mail = await renderCampaignEmail(deps, input.kind, input.payload, sample);
  return {
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    total: recipients.length,
    optedOut,
    audience: describeAudience(input.audience, recipients.length),
  };
}
