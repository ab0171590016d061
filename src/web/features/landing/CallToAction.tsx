import { Link } from 'react-router';
import { ArrowRight } from 'lucide-react';
import { Button } from '@web/ui/button';

export function CallToAction() {
  return (
    <section aria-labelledby="cta-title" className="px-4 pb-24 sm:px-6 lg:px-8" data-section="cta">
      <div className="relative mx-auto max-w-5xl overflow-hidden rounded-3xl border border-white/10 bg-zinc-900/70 px-6 py-16 text-center sm:px-12">
        <div
          aria-hidden
          className="pointer-events-none absolute left-1/2 top-0 h-64 w-[40rem] -translate-x-1/2 -translate-y-1/2 rounded-full bg-violet-600/25 blur-[100px]"
        />
        <h2 id="cta-title" className="relative text-3xl font-semibold tracking-tight text-white sm:text-4xl">
          Ready to Enhance?
        </h2>
        <p className="relative mx-auto mt-4 max-w-lg text-zinc-400">
          Upload a project, choose one goal and download the result. Plans start at €12 a month and can be cancelled anytime.
        </p>
        <Button asChild size="lg" className="relative mt-8">
          <Link to="/enhance">
            Start Now
            <ArrowRight aria-hidden />
          </Link>
        </Button>
      </div>
    </section>
  );
}
