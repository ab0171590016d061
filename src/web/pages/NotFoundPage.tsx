import { Link } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { shellMessages } from '@shared/shell-messages';
import { Button } from '../ui/button';
import { useScreenTitle } from '../app/route-titles';

/** Any unknown path, and /admin for anyone but an admin: titled as the 404 page wherever it shows. */
export function NotFoundPage() {
  useScreenTitle('titleNotFound');
  return (
    <section className="flex min-h-[70vh] flex-col items-center justify-center px-6 text-center" data-page="not-found">
      <p className="bg-gradient-to-b from-white to-zinc-600 bg-clip-text text-8xl font-semibold tracking-tight text-transparent">404</p>
      <h1 className="mt-4 text-2xl font-medium text-zinc-200">{shellMessages.notFoundPage}</h1>
      <p className="mt-2 max-w-sm text-zinc-500">The page you are looking for does not exist or has moved.</p>
      <Button asChild size="lg" className="mt-8">
        <Link to="/">
          <ArrowLeft aria-hidden />
          Return to Home
        </Link>
      </Button>
    </section>
  );
}
export default NotFoundPage;
