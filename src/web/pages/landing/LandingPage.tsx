import { CallToAction } from '@web/features/landing/CallToAction';
import { FeaturesSection } from '@web/features/landing/FeaturesSection';
import { Hero } from '@web/features/landing/Hero';
import { Showcase } from '@web/features/landing/Showcase';

/** seed 000 §2, in order: hero, scroll-driven showcase, features, call to action; the layout adds the footer. */
export function LandingPage() {
  return (
    <>
      <Hero />
      <Showcase />
      <FeaturesSection />
      <CallToAction />
    </>
  );
}
export default LandingPage;
