import { useEffect, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { TabList, TabPanel, Tabs } from '@web/ui/tabs';
import { Monitor, Smartphone } from 'lucide-react';
import { apiRequest } from '../lib/api-client';
import { cn } from '../lib/cn';
import { PageHeader } from '../ui/page';
import { Field, SelectInput } from '../ui/form';
import { Spinner } from '../ui/spinner';

interface TemplateEntry {
  name: string;
  category: string;
  label: string;
}
interface RenderedPreview {
  name: string;
  subject: string;
  html: string;
  text: string;
}

const WIDTHS = { desktop: 600, mobile: 375 } as const;

/**
 * /email-preview (seed 000 §2): every e-mail the product sends, by tab, rendered by the server from the same
 * templates it sends with, filled with sample data; desktop (600 px) or mobile (375 px).
 */
export function EmailPreviewPage() {
  const list = useQuery({
    queryKey: ['email-preview'],
    queryFn: () => apiRequest<{ categories: string[]; templates: TemplateEntry[] }>('GET', '/api/email-preview'),
  });
  const categories = list.data?.categories ?? [];
  const [tab, setTab] = useState<string>('Payment');
  const [chosen, setChosen] = useState<Record<string, string>>({});
  const [width, setWidth] = useState<keyof typeof WIDTHS>('desktop');
  const inTab = useMemo(() => (list.data?.templates ?? []).filter((t) => t.category === tab), [list.data, tab]);
  const name = chosen[tab] ?? inTab[0]?.name;
  useEffect(() => {
    if (categories.length && !categories.includes(tab)) setTab(categories[0]);
  }, [categories, tab]);
  const preview = useQuery({
    queryKey: ['email-preview', name],
    queryFn: () => apiRequest<RenderedPreview>('GET', `/api/email-preview/${encodeURIComponent(name!)}`),
    enabled: !!name,
    staleTime: Infinity,
  });

  return (
    <>
      <PageHeader eyebrow="Email preview" title="Every email we send">
        The templates as recipients see them, filled with sample data.
      </PageHeader>
      <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
        <Tabs value={tab} onValueChange={setTab}>
          <TabList label="Email categories" tabs={categories.map((c) => ({ key: c, label: c }))} look="pills" />
          {/* one panel per tab, so every tab names the panel it controls; only the open one holds the preview */}
          {categories.map((c) => (
            <TabPanel key={c} value={c} className="outline-none focus-visible:ring-2 focus-visible:ring-violet-400">
              <div className="mt-6 flex flex-wrap items-end gap-4">
                <div className="min-w-64 flex-1">
                  <Field label="Template">
                    {(id) => (
                      <SelectInput
                        id={id}
                        value={name ?? ''}
                        onChange={(e) => setChosen((c) => ({ ...c, [tab]: e.target.value }))}
                        data-testid="template-select"
                      >
                        {inTab.map((t) => (
                          <option key={t.name} value={t.name}>
                            {t.label}
                          </option>
                        ))}
                      </SelectInput>
                    )}
                  </Field>
                </div>
                <div role="radiogroup" aria-label="Preview width" className="flex gap-1 rounded-lg border border-white/10 bg-zinc-900/60 p-1">
                  {(Object.keys(WIDTHS) as (keyof typeof WIDTHS)[]).map((w) => (
                    <button
                      key={w}
                      type="button"
                      role="radio"
                      aria-checked={width === w}
                      onClick={() => setWidth(w)}
                      className={cn(
                        'flex items-center gap-2 rounded-md px-3 py-1.5 text-sm outline-none focus-visible:ring-2 focus-visible:ring-violet-400',
                        width === w ? 'bg-white/10 text-white' : 'text-zinc-400 hover:text-white',
                      )}
                    >
                      {w === 'desktop' ? <Monitor className="size-4" aria-hidden /> : <Smartphone className="size-4" aria-hidden />}
                      {w === 'desktop' ? 'Desktop' : 'Mobile'} · {WIDTHS[w]} px
                    </button>
                  ))}
                </div>
              </div>
              <div className="mt-6 rounded-2xl border border-white/10 bg-zinc-900/40 p-4 sm:p-6">
                {preview.data ? (
                  <>
                    <p className="text-sm text-zinc-400">
                      Subject:{' '}
                      <span className="font-medium text-zinc-100" data-testid="preview-subject">
                        {preview.data.subject}
                      </span>
                    </p>
                    <div className="mt-4 overflow-x-auto">
                      {/* a new frame per template: each preview is its own document, not a navigation inside the last one */}
                      <iframe
                        key={preview.data.name}
                        title={`${preview.data.subject} (${width})`}
                        sandbox=""
                        srcDoc={preview.data.html}
                        className="mx-auto block h-[720px] rounded-lg border border-white/10 bg-white"
                        style={{ width: WIDTHS[width] }}
                        data-testid="preview-frame"
                      />
                    </div>
                  </>
                ) : (
                  <div className="flex h-64 items-center justify-center">
                    <Spinner className="size-6" label="Loading preview" />
                  </div>
                )}
              </div>
            </TabPanel>
          ))}
        </Tabs>
      </div>
    </>
  );
}
export default EmailPreviewPage;
