/** Every option of a download, for the format chosen: the server converts, this only says how. */
import { useEffect, useState, type ReactNode } from 'react';
import { msg } from '@shared/messages';
import { DOWNLOAD_FORMATS, DOWNLOAD_MAX_DPI, type DownloadFormat } from '@shared/api/downloads';
import { Modal } from '@web/ui/dialog';
import { Button } from '@web/ui/button';
import type { DownloadPrefs } from '../lib/download';

const FORMAT_LABELS: Record<DownloadFormat, string> = { png: 'PNG', jpeg: 'JPEG', webp: 'WebP', tiff: 'TIFF' };
const fieldClass =
  'w-full rounded-md bg-white/5 px-2 py-1.5 text-[13px] text-zinc-100 ring-1 ring-white/10 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-400';

function Field({ label, htmlFor, children }: { label: string; htmlFor: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[9rem_1fr] items-center gap-3">
      <label htmlFor={htmlFor} className="text-[13px] text-zinc-400">
        {label}
      </label>
      {children}
    </div>
  );
}

function Choice<T extends string>({ id, value, options, onChange }: { id: string; value: T; options: [T, string][]; onChange: (v: T) => void }) {
  return (
    <select id={id} className={fieldClass} value={value} onChange={(e) => onChange(e.target.value as T)}>
      {options.map(([v, label]) => (
        <option key={v} value={v}>
          {label}
        </option>
      ))}
    </select>
  );
}

export function DownloadOptionsDialog({
  open,
  onOpenChange,
  prefs,
  onDownload,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  prefs: DownloadPrefs;
  onDownload: (prefs: DownloadPrefs) => void;
}) {
  const [draft, setDraft] = useState(prefs);
  useEffect(() => {
    if (open) setDraft(prefs);
  }, [open, prefs]);
  const set = <K extends keyof DownloadPrefs>(key: K, value: DownloadPrefs[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const { format } = draft;
  const lossy = format === 'jpeg' || (format === 'webp' && !draft.lossless);

  return (
    <Modal open={open} onOpenChange={onOpenChange} title={msg('workspaceDownloadOptions').replace('…', '')} testId="download-options">
      <form
        className="space-y-3"
        onSubmit={(e) => {
          e.preventDefault();
          onOpenChange(false);
          onDownload(draft);
        }}
      >
        <Field label={msg('downloadOptionFormat')} htmlFor="dl-format">
          <Choice id="dl-format" value={format} options={DOWNLOAD_FORMATS.map((f) => [f, FORMAT_LABELS[f]])} onChange={(v) => set('format', v)} />
        </Field>
        {format === 'webp' && (
          <Field label={msg('downloadOptionLossless')} htmlFor="dl-lossless">
            <input
              id="dl-lossless"
              type="checkbox"
              className="h-4 w-4 accent-violet-500"
              checked={draft.lossless}
              onChange={(e) => set('lossless', e.target.checked)}
            />
          </Field>
        )}
        {lossy && (
          <Field label={`${msg('downloadOptionQuality')} (${draft.quality})`} htmlFor="dl-quality">
            <input id="dl-quality" type="range" min={1} max={100} value={draft.quality} onChange={(e) => set('quality', Number(e.target.value))} />
          </Field>
        )}
        {format === 'jpeg' && (
          <Field label={msg('downloadOptionChroma')} htmlFor="dl-chroma">
            <Choice
              id="dl-chroma"
              value={draft.chroma}
              options={[
                ['444', msg('downloadOptionChroma444')],
                ['420', msg('downloadOptionChroma420')],
              ]}
              onChange={(v) => set('chroma', v)}
            />
          </Field>
        )}
        {(format === 'png' || format === 'tiff') && (
          <Field label={msg('downloadOptionDepth')} htmlFor="dl-depth">
            <Choice
              id="dl-depth"
              value={draft.depth ?? ''}
              options={[
                ['', msg('downloadOptionDepthStored')],
                ['8', '8-bit'],
                ['16', '16-bit'],
              ]}
              onChange={(v) => set('depth', v === '' ? undefined : v)}
            />
          </Field>
        )}
        {format === 'tiff' && (
          <Field label={msg('downloadOptionCompression')} htmlFor="dl-compression">
            <Choice
              id="dl-compression"
              value={draft.compression}
              options={[
                ['lzw', 'LZW'],
                ['deflate', 'Deflate'],
              ]}
              onChange={(v) => set('compression', v)}
            />
          </Field>
        )}
        <Field label={msg('downloadOptionMetadata')} htmlFor="dl-metadata">
          <Choice
            id="dl-metadata"
            value={draft.metadata}
            options={[
              ['keep', msg('downloadOptionMetadataKeep')],
              ['strip-location', msg('downloadOptionMetadataStripLocation')],
              ['strip-all', msg('downloadOptionMetadataStripAll')],
            ]}
            onChange={(v) => set('metadata', v)}
          />
        </Field>
        <Field label={msg('downloadOptionDpi')} htmlFor="dl-dpi">
          <input
            id="dl-dpi"
            type="number"
            min={1}
            max={DOWNLOAD_MAX_DPI}
            placeholder="300"
            className={fieldClass}
            value={draft.dpi ?? ''}
            title={msg('downloadOptionDpiHint')}
            onChange={(e) => set('dpi', e.target.value === '' ? undefined : Math.min(DOWNLOAD_MAX_DPI, Math.max(1, Math.round(Number(e.target.value)))))}
          />
        </Field>
        <div className="flex justify-end pt-2">
          <Button type="submit" data-testid="download-options-submit">
            {msg('downloadOptionSubmit')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
