import { describe, expect, it } from 'vitest';
import { titleFor } from './route-titles';

describe('tab titles', () => {
  it('names each route, and unknown ones as not found', () => {
    expect(titleFor('/')).toBe('Renderlift — AI powered enhancement for 3D renders');
    expect(titleFor('/enhance')).toBe('Enhance · Renderlift');
    expect(titleFor('/pricing')).toBe('Pricing · Renderlift');
    expect(titleFor('/verify/abc')).toBe('Verify Email · Renderlift');
    expect(titleFor('/viewports')).toBe('Viewport Manager · Renderlift');
    expect(titleFor('/enhancements')).toBe('Page not found · Renderlift');
    const all = ['/enhance', '/pricing', '/profile', '/login', '/signup', '/about', '/contact', '/faq', '/privacy-policy', '/terms-of-service'].map(titleFor);
    expect(new Set(all).size).toBe(all.length);
  });
});
