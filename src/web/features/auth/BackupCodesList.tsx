import { toast } from 'sonner';
import { Copy, Download } from 'lucide-react';
import { site } from '@web/app/site';
import { Button } from '@web/ui/button';

/**
 * Two-factor backup codes, shown once (at set-up and after new ones are made): the server keeps them encrypted and
 * never shows them again, so the owner copies or downloads them here.
 */
export function BackupCodesList(props: { codes: string[] }) {
  const text = `${site.name} two-factor backup codes. Each code works once.\n\n${props.codes.join('\n')}\n`;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(props.codes.join('\n'));
      toast.success('Backup codes copied');
    } catch {
      toast.error('Copying failed. Select the codes and copy them by hand.');
    }
  };

  const download = () => {
    const href = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
    const a = document.createElement('a');
    a.href = href;
    a.download = `${site.name.toLowerCase()}-backup-codes.txt`;
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(href), 10_000);
  };

  return (
    <div className="space-y-3 rounded-lg border border-white/10 bg-white/5 p-4" data-testid="backup-codes">
      <p className="text-sm text-zinc-300">
        Save these backup codes somewhere safe. Each one signs you in once when you cannot use your authenticator app. They are shown only now.
      </p>
      <ul className="grid grid-cols-2 gap-1 font-mono text-sm" aria-label="Backup codes">
        {props.codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
      <div className="flex gap-2">
        <Button type="button" variant="secondary" size="sm" onClick={() => void copy()}>
          <Copy aria-hidden /> Copy
        </Button>
        <Button type="button" variant="secondary" size="sm" onClick={download}>
          <Download aria-hidden /> Download
        </Button>
      </div>
    </div>
  );
}
