import { Link } from 'react-router';
import { ArrowDown } from 'lucide-react';
import { Button } from '@web/ui/button';
import { DetailSplit } from '../compare/DetailSplit';
import { FEATURES_SECTION_ID, scrollToSection } from './scroll';
import { sourcesOf } from './examples';

const HERO = { before: '/examples/concrete-architecture-before.webp', after: '/examples/concrete-architecture-enhanced.webp' };

const facts = ['2×, 3×, 4× or 6× upscale', 'Up to 64 megapixels', 'Precision, Detail or Creativity'];

export function Hero() {
  return (
    <section aria-labelledby="hero-title" className="relative overflow-hidden" data-section="hero">
      <div aria-hidden className="pointer-events-none absolute inset-0 -z-10">
        <div className="absolute left-1/2 top-[-18rem] h-[36rem] w-[64rem] -translate-x-1/2 rounded-full bg-violet-600/20 blur-[120px]" />
        <div className="absolute inset-0 bg-[linear-gradient(to_right,rgba(255,255,255,0.035)_1px,transparent_1px),linear-gradient(to_bottom,rgba(255,255,255,0.035)_1px,transparent_1px)] bg-[size:64px_64px] [mask-image:radial-gradient(ellipse_at_top,black_30%,transparent_75%)]" />
      </div>
      <div className="mx-auto max-w-7xl px-4 pb-20 pt-20 sm:px-6 sm:pt-28 lg:px-8">
        <div className="mx-auto max-w-4xl text-center">
          <p className="inline-flex items-center gap-2 rounded-full border border-white/10 bg-white/[0.03] px-3 py-1 text-xs font-medium text-zinc-300">
            <span className="size-1.5 rounded-full bg-violet-400" aria-hidden />
            Tuned on architecture renders
          </p>
          <h1 id="hero-title" className="mt-6 text-balance text-5xl font-semibold tracking-tight text-white sm:text-6xl lg:text-7xl">
            Enhance 3D Renders
          </h1>
          <p className="mt-5 text-lg text-zinc-300 sm:text-xl">AI powered enhancement for 3D renders</p>
          <p className="mx-auto mt-3 max-w-xl text-[15px] leading-relaxed text-zinc-500">
            No prompts, no sliders, no complexity. Drop in your project, pick one goal and get print-ready detail back.
          </p>
          <div className="mt-9 flex flex-col items-center justify-center gap-3 sm:flex-row">
            <Button size="lg" className="w-full sm:w-auto" onClick={() => scrollToSection(FEATURES_SECTION_ID)}>
              See Enhancement
              <ArrowDown aria-hidden />
            </Button>
            <Button asChild size="lg" variant="secondary" className="w-full sm:w-auto">
              <Link to="/pricing">View plans</Link>
            </Button>
          </div>
        </div>

        <div className="relative mx-auto mt-16 max-w-5xl">
          <div className="rounded-2xl border border-white/10 bg-zinc-900/60 p-2 shadow-2xl shadow-violet-950/30 backdrop-blur">
            <DetailSplit
              beforeSrc={HERO.before}
              afterSrc={HERO.after}
              sources={{ before: sourcesOf(HERO.before), after: sourcesOf(HERO.after) }}
              sizes="(min-width: 1024px) 1008px, 100vw"
              position={50}
              eager
              className="aspect-[16/8] rounded-xl"
            />
          </div>
          <ul className="mt-6 flex flex-wrap items-center justify-center gap-x-8 gap-y-2 text-sm text-zinc-400">
            {facts.map((f) => (
              <li key={f} className="flex items-center gap-2">
                <span className="size-1 rounded-full bg-zinc-600" aria-hidden />
                {f}
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
