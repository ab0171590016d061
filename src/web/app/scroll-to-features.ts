import { useLocation, useNavigate } from 'react-router';
import { FEATURES_SECTION_ID, scrollToSection } from '../features/landing/scroll';

/** Features smooth-scrolls on the landing page; from anywhere else it goes there first and the hash finishes the job. */
export function useScrollToFeatures() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  return () => {
    if (pathname === '/' && scrollToSection(FEATURES_SECTION_ID)) return;
    navigate({ pathname: '/', hash: `#${FEATURES_SECTION_ID}` });
  };
}
