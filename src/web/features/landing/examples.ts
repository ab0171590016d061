export interface ExampleComparison {
  name: string;
  description: string;
  before: string;
  enhanced: string;
  detail?: { before: string; enhanced: string; caption: string };
}

const path = (slug: string, part: string) => `/examples/${slug}-${part}.webp`;

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
