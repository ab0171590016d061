import { CallToAction } from '../../features/landing/CallToAction';
import { FeaturesSection } from '../../features/landing/FeaturesSection';
import { Hero } from '../../features/landing/Hero';
import { Showcase } from '../../features/landing/Showcase';

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
