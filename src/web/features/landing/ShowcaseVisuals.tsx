import { Download, Eraser, FolderUp, Minus, Plus, Sparkles } from 'lucide-react';
import { cn } from '@web/lib/cn';
import type { ShowcaseStep } from './showcase-step';
import { Picture } from '@web/ui/picture';
import { sourcesOf } from './examples';

/** The showcase's pictures of the workspace, one per step. */
const thumb = (slug: string) => `/examples/${slug}-enhanced.webp`;

function WorkspaceVisual() {
  const cards = [
    { slug: 'winter-architecture', cls: 'left-[6%] top-[10%] w-[38%] rotate-[-2deg]', enhanced: true },
    { slug: 'modern-wooden-house', cls: 'left-[50%] top-[6%] w-[42%]', enhanced: false },
    { slug: 'concrete-architecture', cls: 'left-[14%] top-[52%] w-[34%]', enhanced: false },
    { slug: 'interior-design', cls: 'left-[54%] top-[50%] w-[38%] rotate-[1.5deg]', enhanced: true },
  ];
  return (
    <div className="relative size-full bg-zinc-950 bg-[radial-gradient(rgba(255,255,255,0.12)_1px,transparent_1px)] bg-[size:18px_18px]">
      {cards.map((c) => (
        <div key={c.slug} className={cn('absolute overflow-hidden rounded-lg border border-white/15 bg-zinc-900 shadow-xl', c.cls)}>
          <Picture
            src={thumb(c.slug)}
            sources={sourcesOf(thumb(c.slug))}
            sizes="(min-width: 1024px) 260px, 45vw"
            alt=""
            loading="lazy"
            className="aspect-[4/3] w-full object-cover"
          />
          {c.enhanced && <span className="absolute left-2 top-2 rounded bg-violet-600 px-1.5 py-0.5 text-[10px] font-semibold text-white">Enhanced</span>}
        </div>
      ))}
      <div className="absolute bottom-4 left-4 flex items-center gap-2 rounded-lg border border-dashed border-violet-400/60 bg-violet-500/10 px-3 py-2 text-xs text-violet-200">
        <FolderUp className="size-4" /> 24 renders added
      </div>
      <div className="absolute bottom-4 right-4 flex flex-col overflow-hidden rounded-lg border border-white/10 bg-zinc-900/90 text-zinc-300">
        <span className="p-1.5">
          <Plus className="size-3.5" />
        </span>
        <span className="border-t border-white/10 p-1.5">
          <Minus className="size-3.5" />
        </span>
      </div>
    </div>
  );
}

function ChoicesVisual() {
  return (
    <div className="flex size-full items-center gap-5 bg-zinc-950 bg-[radial-gradient(rgba(255,255,255,0.08)_1px,transparent_1px)] bg-[size:18px_18px] p-6">
      <div className="w-[46%] shrink-0 space-y-4 rounded-xl border border-white/10 bg-zinc-900/90 p-4 shadow-xl">
        <div>
          <p className="text-[11px] font-medium uppercase tracking-wider text-zinc-500">Upscale</p>
          <div className="mt-2 grid grid-cols-4 gap-1.5 text-center text-xs">
            {['2×', '3×', '4×', '6×'].map((s) => (
              <span
                key={s}
                className={cn('rounded-md border py-1.5', s === '4×' ? 'border-violet-500 bg-violet-600/20 text-white' : 'border-white/10 text-zinc-400')}
              >
                {s}
              </span>
            ))}
          </div>
          <p className="mt-2 text-[11px] text-zinc-500">1920 × 1080 → 7680 × 4320</p>
        </div>
        <div>
          <p className="text-[11px] font-medium uppercase tracking-wider text-zinc-500">Enhancement Mode</p>
          <div className="mt-2 space-y-1.5 text-xs">
            {['Precision', 'Detail', 'Creativity'].map((m) => (
              <div
                key={m}
                className={cn(
                  'flex items-center justify-between rounded-md border px-2.5 py-2',
                  m === 'Detail' ? 'border-violet-500 bg-violet-600/20 text-white' : 'border-white/10 text-zinc-400',
                )}
              >
                {m}
                <span className={cn('size-2.5 rounded-full border', m === 'Detail' ? 'border-violet-300 bg-violet-400' : 'border-zinc-600')} />
              </div>
            ))}
          </div>
        </div>
        <div className="flex items-center justify-center gap-1.5 rounded-md bg-violet-600 py-2 text-xs font-medium text-white">
          <Sparkles className="size-3.5" /> Enhance Image
        </div>
      </div>
      <div className="relative min-w-0 flex-1 overflow-hidden rounded-xl border border-white/10">
        <Picture
          src={thumb('modern-wooden-house')}
          sources={sourcesOf(thumb('modern-wooden-house'))}
          sizes="(min-width: 1024px) 480px, 70vw"
          alt=""
          loading="lazy"
          className="aspect-[4/3] w-full object-cover"
        />
        <div className="absolute inset-x-0 bottom-0 bg-black/60 p-3 backdrop-blur">
          <div className="flex justify-between text-[11px] text-zinc-300">
            <span>Enhancing...</span>
            <span>68%</span>
          </div>
          <div className="mt-1.5 h-1 rounded-full bg-white/10">
            <div className="h-full w-[68%] rounded-full bg-violet-400" />
          </div>
        </div>
      </div>
    </div>
  );
}

function FixVisual() {
  return (
    <div className="relative size-full bg-zinc-950 p-6">
      <div className="relative h-full overflow-hidden rounded-xl border border-white/10">
        <Picture
          src={thumb('interior-design')}
          sources={sourcesOf(thumb('interior-design'))}
          sizes="(min-width: 1024px) 560px, 90vw"
          alt=""
          loading="lazy"
          className="size-full object-cover"
        />
        {/* the masking overlay's semi-transparent grey-blue stroke, as the workspace draws it */}
        <svg className="absolute inset-0 size-full" viewBox="0 0 400 300" preserveAspectRatio="none" aria-hidden>
          <path
            d="M262 196 q18 -22 40 -10 q20 12 6 30 q-14 16 -36 8 q-18 -8 -10 -28z"
            fill="rgba(120,150,200,0.55)"
            stroke="rgba(160,190,235,0.9)"
            strokeWidth="2"
          />
        </svg>
        <div className="absolute left-3 top-3 flex items-center gap-3 rounded-lg border border-white/10 bg-zinc-900/90 px-3 py-2 text-xs text-zinc-300 backdrop-blur">
          <Eraser className="size-4 text-violet-300" />
          Brush Size
          <span className="relative h-1 w-20 rounded-full bg-white/15">
            <span className="absolute inset-y-0 left-0 w-1/3 rounded-full bg-violet-400" />
          </span>
          <span className="rounded-md bg-violet-600 px-2 py-1 font-medium text-white">Remove Object</span>
        </div>
        <div className="absolute bottom-3 right-3 flex items-center gap-1.5 rounded-lg bg-white px-3 py-2 text-xs font-medium text-zinc-900 shadow-lg">
          <Download className="size-3.5" /> Download
        </div>
      </div>
    </div>
  );
}

export const visuals: Record<ShowcaseStep, () => React.JSX.Element> = { 1: WorkspaceVisual, 2: ChoicesVisual, 3: FixVisual };
