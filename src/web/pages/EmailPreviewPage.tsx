import { ComingSoonPage } from './ComingSoonPage';

export function EmailPreviewPage() {
  return (
    <ComingSoonPage
      title="E-mail preview"
      description="Every e-mail template we send, with sample data, at desktop (600 px) and mobile (375 px) widths."
    />
  );
}
export default EmailPreviewPage;
