import { Link } from 'react-router';
import { Boxes, Layers, ShieldCheck, Target } from 'lucide-react';
import { Button } from '../ui/button';
import { PageHeader, Prose } from '../ui/page';

const principles = [
  { icon: Target, title: 'One decision', body: 'Choose an upscale and one goal — Precision, Detail or Creativity. Everything else is our job.' },
  {
    icon: Boxes,
    title: 'Built for renders',
    body: 'Every mode is tuned and measured on architecture renders, so it respects geometry, materials and your lighting.',
  },
  { icon: Layers, title: 'Whole projects', body: 'A multi-image workspace takes a folder at once and keeps it as a session you can return to.' },
  {
    icon: ShieldCheck,
    title: 'Your work stays yours',
    body: 'Images are processed to deliver your results, never sold and never used to train models without consent.',
  },
];

export function AboutPage() {
  return (
    <>
      <PageHeader eyebrow="About" title="Enhancement that speaks render">
        Renderlift is made by people who have spent too many nights waiting for a final render. We build the tool we wanted: drop in a draft, get back
        presentation-ready detail.
      </PageHeader>
      <div className="mx-auto grid max-w-5xl gap-4 px-4 pt-14 sm:grid-cols-2 sm:px-6">
        {principles.map(({ icon: Icon, title, body }) => (
          <div key={title} className="rounded-2xl border border-white/10 bg-zinc-900/50 p-6">
            <Icon className="size-5 text-violet-300" aria-hidden />
            <h2 className="mt-4 font-semibold text-white">{title}</h2>
            <p className="mt-2 text-sm leading-relaxed text-zinc-400">{body}</p>
          </div>
        ))}
      </div>
      <Prose>
        <h2>Why a specialised model</h2>
        <p>
          General-purpose image AI is trained on photographs. Shown a render, it sees noise where there is a material, invents texture on clean surfaces and
          bends straight lines. Architects and visualisers cannot send that to a client.
        </p>
        <p>
          Renderlift runs proven super-resolution networks and chooses, for each of its three modes, the model and the processing that score best on a benchmark
          of architecture renders: exteriors, interiors and landscapes with thin mullions, brick joints, wood grain and foliage. It recovers edges, repeating
          patterns and material detail the way a longer render would have — in seconds instead of hours, on your own hardware.
        </p>
        <h2>No prompts, no sliders, no complexity</h2>
        <p>
          You should not need to learn a new craft to finish an image. There is no prompt box and no wall of parameters: pick 2×, 3×, 4× or 6×, choose
          Precision, Detail or Creativity, and press Enhance. When something is off, paint over it and the integrated remove tool fixes it before you download.
        </p>
        <h2>Who uses Renderlift</h2>
        <ul>
          <li>Architecture studios turning quick previews into competition boards.</li>
          <li>Interior designers sharpening client presentations without re-rendering.</li>
          <li>Freelance 3D artists meeting print resolutions up to 64 megapixels.</li>
        </ul>
      </Prose>
      <div className="mx-auto flex max-w-3xl flex-col gap-3 px-4 pb-24 sm:flex-row sm:px-6">
        <Button asChild size="lg">
          <Link to="/pricing">See plans</Link>
        </Button>
        <Button asChild size="lg" variant="secondary">
          <Link to="/contact">Contact us</Link>
        </Button>
      </div>
    </>
  );
}
export default AboutPage;
