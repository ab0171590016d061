import type { ImageSources } from '@web/ui/picture';

export interface ExampleComparison {
  name: string;
  description: string;
  before: string;
  enhanced: string;
  detail?: { before: string; enhanced: string; caption: string };
}

const path = (slug: string, part: string) => `/examples/${slug}-${part}.webp`;

/**
 * The widths scripts/landing-images.ts writes each example at (AVIF at every width, WebP below the full one, whose
 * plain `.webp` is the fallback): 480, 800 and 1200 px, or 480 and 640 for the detail crops.
 */
export function sourcesOf(src: string): ImageSources {
  const base = src.replace(/\.webp$/, '');
  const full = base.includes('-detail-') ? 640 : 1200;
  const widths = [480, 800].filter((w) => w < full);
  return {
    avif: [...widths, full].map((w) => `${base}-${w}.avif ${w}w`).join(', '),
    webp: [...widths.map((w) => `${base}-${w}.webp ${w}w`), `${src} ${full}w`].join(', '),
  };
}

function example(slug: string, name: string, description: string, detailCaption?: string): ExampleComparison {
  return {
    name,
    description,
    before: path(slug, 'before'),
    enhanced: path(slug, 'enhanced'),
    detail: detailCaption ? { before: path(slug, 'detail-before'), enhanced: path(slug, 'detail-enhanced'), caption: detailCaption } : undefined,
  };
}

/** Images come from scripts/landing-images.ts; seed 000 §2 names the four and gives the first three a detail view. */
export const examples: ExampleComparison[] = [
  example(
    'winter-architecture',
    'Winter Architecture',
    'Timber cladding, window frames and fence posts come back sharp against the snow, without inventing texture that was never modelled.',
    'Timber cladding and snow ledge at full resolution',
  ),
  example(
    'modern-wooden-house',
    'Modern Wooden House',
    'Wood grain, mullions and the lawn edge recover their detail from a soft preview render, so a quick draft reads like a final.',
    'Upper storey and window band',
  ),
  example(
    'concrete-architecture',
    'Concrete Architecture',
    'Repeating facade modules stay straight and consistent: no warped windows, no melted edges, no hallucinated storeys.',
    'Facade modules and glazing',
  ),
  example(
    'interior-design',
    'Interior Design',
    'Fabric, floorboards and the rug pattern sharpen while your lighting, materials and composition stay exactly as you rendered them.',
  ),
];
