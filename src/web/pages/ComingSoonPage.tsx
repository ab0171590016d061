import { Link } from 'react-router';
import { Hammer } from 'lucide-react';
import { Button } from '../ui/button';

/** A route whose screen is not built yet says so plainly instead of pretending. */
export function ComingSoonPage({ title, description }: { title: string; description: string }) {
  return (
    <section className="mx-auto flex min-h-[65vh] max-w-xl flex-col items-center justify-center px-6 py-16 text-center" data-page="coming-soon">
      <span className="flex size-12 items-center justify-center rounded-xl border border-white/10 bg-white/[0.03]">
        <Hammer className="size-5 text-violet-300" aria-hidden />
      </span>
      <span className="mt-6 rounded-full border border-violet-500/30 bg-violet-500/10 px-3 py-1 text-xs font-medium text-violet-300">Coming soon</span>
      <h1 className="mt-4 text-3xl font-semibold tracking-tight text-white">{title}</h1>
      <p className="mt-3 leading-relaxed text-zinc-400">{description}</p>
      <p className="mt-2 text-sm text-zinc-500">This screen is being built and will appear here in an upcoming release.</p>
      <div className="mt-8 flex gap-3">
        <Button asChild variant="secondary">
          <Link to="/">Back to the home page</Link>
        </Button>
        <Button asChild variant="ghost">
          <Link to="/faq">Read the FAQ</Link>
        </Button>
      </div>
    </section>
  );
}
