import { useState } from 'react';
import { ScanSearch } from 'lucide-react';
import { cn } from '@web/lib/cn';
import { BeforeAfterSlider } from '../compare/BeforeAfterSlider';
import { DetailSplit } from '../compare/DetailSplit';
import { DEFAULT_POSITION } from '../compare/slider-position';
import { examples, sourcesOf, type ExampleComparison } from './examples';
import { FEATURES_SECTION_ID } from './scroll';

/** seed 000 §2: specialised 3D AI drawn at full width, general-purpose AI at 45 %. */
const comparison = [
  { label: 'Renderlift — specialised 3D AI', value: 100, note: 'Modes tuned and measured on architecture renders' },
  { label: 'General-purpose AI models', value: 45, note: 'One setting for every kind of photo' },
];

function ComparisonBar() {
  return (
    <figure className="mx-auto mt-14 max-w-3xl rounded-2xl border border-white/10 bg-zinc-900/50 p-6 sm:p-8" data-testid="comparison-bar">
      <figcaption className="text-sm font-medium text-zinc-300">Render detail preserved</figcaption>
      <div className="mt-6 space-y-6">
        {comparison.map((row, i) => (
          <div key={row.label}>
            <div className="flex items-baseline justify-between gap-4 text-sm">
              <span className={i === 0 ? 'font-medium text-white' : 'text-zinc-400'}>{row.label}</span>
              <span className="text-xs text-zinc-500">{row.note}</span>
            </div>
            <div
              className="mt-2 h-3 overflow-hidden rounded-full bg-white/5"
              role="meter"
              aria-label={row.label}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={row.value}
            >
              <div
                className={cn('h-full rounded-full', i === 0 ? 'bg-gradient-to-r from-violet-600 to-violet-400' : 'bg-zinc-600')}
                style={{ width: `${row.value}%` }}
              />
            </div>
          </div>
        ))}
      </div>
    </figure>
  );
}

function ExampleRow({ example, index }: { example: ExampleComparison; index: number }) {
  const [position, setPosition] = useState(DEFAULT_POSITION);
  const flipped = index % 2 === 1;
  return (
    <article className="grid items-center gap-8 lg:grid-cols-5 lg:gap-12" data-testid="example">
      <div className={cn('lg:col-span-3', flipped && 'lg:order-2')}>
        <BeforeAfterSlider
          name={example.name}
          beforeSrc={example.before}
          afterSrc={example.enhanced}
          sources={{ before: sourcesOf(example.before), after: sourcesOf(example.enhanced) }}
          sizes="(min-width: 1280px) 740px, (min-width: 1024px) 58vw, 100vw"
          position={position}
          onPositionChange={setPosition}
        />
      </div>
      <div className={cn('lg:col-span-2', flipped && 'lg:order-1')}>
        <p className="text-xs font-semibold uppercase tracking-[0.16em] text-violet-300">Example {index + 1}</p>
        <h3 className="mt-2 text-2xl font-semibold tracking-tight text-white">{example.name}</h3>
        <p className="mt-3 leading-relaxed text-zinc-400">{example.description}</p>
        {example.detail ? (
          <div className="mt-6" data-testid="detail-view">
            <p className="mb-2 flex flex-wrap items-center gap-x-2 gap-y-0.5 text-sm font-medium text-zinc-300">
              <span className="flex items-center gap-2">
                <ScanSearch className="size-4 text-violet-300" aria-hidden />
                Detail View
              </span>
              <span className="font-normal text-zinc-500">{example.detail.caption}</span>
            </p>
            <DetailSplit
              beforeSrc={example.detail.before}
              afterSrc={example.detail.enhanced}
              sources={{ before: sourcesOf(example.detail.before), after: sourcesOf(example.detail.enhanced) }}
              sizes="(min-width: 1280px) 480px, (min-width: 1024px) 38vw, 100vw"
              position={position}
            />
          </div>
        ) : (
          <p className="mt-6 text-sm text-zinc-500">Drag the handle, or focus the image and use the arrow keys, to compare.</p>
        )}
      </div>
    </article>
  );
}

export function FeaturesSection() {
  return (
    <section
      id={FEATURES_SECTION_ID}
      tabIndex={-1}
      aria-labelledby="features-title"
      className="scroll-mt-16 py-24 outline-none sm:py-32"
      data-section="features"
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-xs font-semibold uppercase tracking-[0.16em] text-violet-300">Features</p>
          <h2 id="features-title" className="mt-3 text-3xl font-semibold tracking-tight text-white sm:text-4xl">
            Made for renders, not photographs
          </h2>
          <p className="mt-4 text-lg text-zinc-400">
            No prompts, no sliders, no complexity. Every mode is tuned and benchmarked on architecture renders, so it sharpens geometry and materials instead of
            guessing at them like general-purpose AI.
          </p>
        </div>
        <ComparisonBar />
        <div className="mt-24 space-y-24">
          {examples.map((example, i) => (
            <ExampleRow key={example.name} example={example} index={i} />
          ))}
        </div>
      </div>
    </section>
  );
}
