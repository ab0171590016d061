import { useEffect, useRef, useState } from 'react';
import { Download, Eraser, FolderUp, Minus, Plus, Sparkles } from 'lucide-react';
import { cn } from '../../lib/cn';
import { sectionProgress, showcaseStep, type ShowcaseStep } from './showcase-step';

const steps = [
  {
    n: 1,
    title: 'Upload Your Project',
    subtitle: 'Multi-Image Workspace',
    body: 'Drop a whole folder of renders onto one canvas. Arrange them, compare them and save the workspace as a session to pick up later.',
  },
  {
    n: 2,
    title: 'Enhance with One Choice',
    subtitle: 'Simple Choices',
    body: 'Choose an upscale of 2×, 3×, 4× or 6× and one goal: Precision, Detail or Creativity. No prompts to write, no parameters to tune.',
  },
  {
    n: 3,
    title: 'Fix and Download',
    subtitle: 'Integrated Error Fixing',
    body: 'Paint over an artefact and the remove tool fills it in. Compare before and after, then download the full-resolution result.',
  },
] as const;

/** seed 000 §2: the showcase is not used on small screens; below 640 px it is neither shown nor listening to scroll. */
function useWideScreen(): boolean {
  const query = '(min-width: 640px)';
  const [wide, setWide] = useState(() => typeof window !== 'undefined' && window.matchMedia(query).matches);
  useEffect(() => {
    const mq = window.matchMedia(query);
    const update = () => setWide(mq.matches);
    mq.addEventListener('change', update);
    return () => mq.removeEventListener('change', update);
  }, []);
  return wide;
}

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
          <img src={thumb(c.slug)} alt="" loading="lazy" className="aspect-[4/3] w-full object-cover" />
          {c.enhanced && (
            <span className="absolute left-2 top-2 rounded bg-violet-600 px-1.5 py-0.5 text-[10px] font-semibold text-white">Enhanced</span>
          )}
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
              <span key={s} className={cn('rounded-md border py-1.5', s === '4×' ? 'border-violet-500 bg-violet-600/20 text-white' : 'border-white/10 text-zinc-400')}>
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
              <div key={m} className={cn('flex items-center justify-between rounded-md border px-2.5 py-2', m === 'Detail' ? 'border-violet-500 bg-violet-600/20 text-white' : 'border-white/10 text-zinc-400')}>
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
        <img src={thumb('modern-wooden-house')} alt="" loading="lazy" className="aspect-[4/3] w-full object-cover" />
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
        <img src={thumb('interior-design')} alt="" loading="lazy" className="size-full object-cover" />
        {/* the masking overlay's semi-transparent grey-blue stroke, as the workspace draws it */}
        <svg className="absolute inset-0 size-full" viewBox="0 0 400 300" preserveAspectRatio="none" aria-hidden>
          <path d="M262 196 q18 -22 40 -10 q20 12 6 30 q-14 16 -36 8 q-18 -8 -10 -28z" fill="rgba(120,150,200,0.55)" stroke="rgba(160,190,235,0.9)" strokeWidth="2" />
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

const visuals: Record<ShowcaseStep, () => React.JSX.Element> = { 1: WorkspaceVisual, 2: ChoicesVisual, 3: FixVisual };

/** The three steps stay pinned while the page scrolls through a tall section; scroll progress picks the step. */
export function Showcase() {
  const wide = useWideScreen();
  const sectionRef = useRef<HTMLElement>(null);
  const [step, setStep] = useState<ShowcaseStep>(1);

  useEffect(() => {
    if (!wide) return;
    let frame = 0;
    const update = () => {
      frame = 0;
      const el = sectionRef.current;
      if (!el) return;
      const rect = el.getBoundingClientRect();
      setStep(showcaseStep(sectionProgress(rect.top, rect.height, window.innerHeight)));
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
      cancelAnimationFrame(frame);
    };
  }, [wide]);

  if (!wide) return null;

  return (
    <section ref={sectionRef} aria-labelledby="showcase-title" className="relative h-[300vh]" data-section="showcase" data-step={step}>
      <div className="sticky top-[var(--nav-height,4rem)] flex h-[calc(100vh-var(--nav-height,4rem))] items-center">
        <div className="mx-auto grid w-full max-w-7xl items-center gap-10 px-6 lg:grid-cols-5 lg:gap-16 lg:px-8">
          <div className="lg:col-span-2">
            <p className="text-xs font-semibold uppercase tracking-[0.16em] text-violet-300">How it works</p>
            <h2 id="showcase-title" className="mt-3 text-3xl font-semibold tracking-tight text-white">
              Three steps, one decision
            </h2>
            <ol className="mt-8 space-y-2">
              {steps.map((s) => {
                const current = s.n === step;
                return (
                  <li
                    key={s.n}
                    aria-current={current ? 'step' : undefined}
                    className={cn('rounded-xl border p-4 transition-colors duration-300', current ? 'border-violet-500/40 bg-violet-500/[0.07]' : 'border-transparent')}
                  >
                    <div className="flex items-start gap-4">
                      <span
                        className={cn(
                          'flex size-8 shrink-0 items-center justify-center rounded-full border text-sm font-semibold transition-colors',
                          current ? 'border-violet-400 bg-violet-600 text-white' : 'border-white/15 text-zinc-500',
                        )}
                      >
                        {s.n}
                      </span>
                      <div>
                        <h3 className={cn('font-semibold transition-colors', current ? 'text-white' : 'text-zinc-400')}>{s.title}</h3>
                        <p className={cn('text-sm transition-colors', current ? 'text-violet-200' : 'text-zinc-600')}>{s.subtitle}</p>
                        <p className={cn('grid text-sm leading-relaxed text-zinc-400 transition-all duration-300', current ? 'mt-2 grid-rows-[1fr] opacity-100' : 'grid-rows-[0fr] opacity-0')}>
                          <span className="overflow-hidden">{s.body}</span>
                        </p>
                      </div>
                    </div>
                  </li>
                );
              })}
            </ol>
          </div>
          <div className="hidden lg:col-span-3 lg:block">
            <div className="relative aspect-[4/3] overflow-hidden rounded-2xl border border-white/10 bg-zinc-900 shadow-2xl shadow-black/50">
              {([1, 2, 3] as const).map((n) => {
                const Visual = visuals[n];
                return (
                  <div key={n} aria-hidden className={cn('absolute inset-0 transition-opacity duration-500', n === step ? 'opacity-100' : 'opacity-0')}>
                    <Visual />
                  </div>
                );
              })}
              <div className="absolute right-4 top-4 rounded-full bg-black/60 px-2.5 py-1 text-[11px] font-medium text-zinc-300 backdrop-blur">
                Step {step} of 3
              </div>
            </div>
          </div>
        </div>
      </div>
    </section>
  );
}
