import { useEffect, useRef, useState } from 'react';
import { cn } from '@web/lib/cn';
import { sectionProgress, showcaseStep, type ShowcaseStep } from './showcase-step';
import { visuals } from './ShowcaseVisuals';

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
                    className={cn(
                      'rounded-xl border p-4 transition-colors duration-300',
                      current ? 'border-violet-500/40 bg-violet-500/[0.07]' : 'border-transparent',
                    )}
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
                        <p className={cn('text-sm transition-colors', current ? 'text-violet-200' : 'text-zinc-400')}>{s.subtitle}</p>
                        <p
                          className={cn(
                            'grid text-sm leading-relaxed text-zinc-400 transition-all duration-300',
                            current ? 'mt-2 grid-rows-[1fr] opacity-100' : 'grid-rows-[0fr] opacity-0',
                          )}
                        >
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
