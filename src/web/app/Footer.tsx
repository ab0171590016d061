import { Link } from 'react-router';
import { FEATURES_SECTION_ID } from '../features/landing/scroll';
import { Logo } from './Logo';
import { useScrollToFeatures } from './scroll-to-features';

export function Footer() {
  const scrollToFeatures = useScrollToFeatures();
  const item = 'rounded text-sm text-zinc-400 outline-none transition-colors hover:text-white focus-visible:ring-2 focus-visible:ring-violet-400';
  const company = [
    ['/about', 'About'],
    ['/contact', 'Contact'],
    ['/faq', 'FAQ'],
    ['/privacy-policy', 'Privacy'],
    ['/terms-of-service', 'Terms'],
  ] as const;
  return (
    <footer className="border-t border-white/[0.06] bg-zinc-950" data-testid="site-footer">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:grid-cols-2 sm:px-6 lg:grid-cols-4 lg:px-8">
        <div className="lg:col-span-2">
          <Logo />
          <p className="mt-4 max-w-sm text-sm leading-relaxed text-zinc-500">
            AI powered enhancement for 3D renders. Upscale and refine a whole project with one choice — no prompts, no sliders, no complexity.
          </p>
        </div>
        <div>
          <h2 className="text-xs font-semibold uppercase tracking-[0.14em] text-zinc-500">Product</h2>
          <ul className="mt-4 space-y-3">
            <li>
              <a
                href={`/#${FEATURES_SECTION_ID}`}
                className={item}
                onClick={(e) => {
                  e.preventDefault();
                  scrollToFeatures();
                }}
              >
                Features
              </a>
            </li>
            <li>
              <Link to="/enhance" className={item}>
                Enhancement
              </Link>
            </li>
            <li>
              <Link to="/pricing" className={item}>
                Pricing
              </Link>
            </li>
          </ul>
        </div>
        <div>
          <h2 className="text-xs font-semibold uppercase tracking-[0.14em] text-zinc-500">Company</h2>
          <ul className="mt-4 space-y-3">
            {company.map(([to, label]) => (
              <li key={to}>
                <Link to={to} className={item}>
                  {label}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="border-t border-white/[0.06]">
        <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-6 text-xs text-zinc-500 sm:flex-row sm:justify-between sm:px-6 lg:px-8">
          <span>© {new Date().getFullYear()} Renderlift</span>
          <span>Made for architects, visualisers and 3D artists.</span>
        </div>
      </div>
    </footer>
  );
}
