/**
 * A screen that breaks shows the seed's error page inside the site frame, reports itself to the server, and recovers
 * with Refresh Page.
 */
import { expect } from '@playwright/test';
import { signedInUser, test } from './fixtures';

test('a broken screen shows Something went wrong with Refresh Page, keeps the navigation and is reported', async ({ page, baseURL }) => {
  await signedInUser(page.request, baseURL!, 'crash');
  // an answer the profile screen cannot draw
  await page.route('**/api/profile', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ profile: null, business: null }) }),
  );
  await page.goto('/profile');
  const error = page.getByTestId('route-error');
  await expect(error.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
  await expect(error).toContainText('We encountered an unexpected error. Please try refreshing the page.');
  await expect(page.getByTestId('top-nav')).toBeVisible();
  await expect
    .poll(async () =>
      ((await (await page.request.get('/api/security-events')).json()) as { events: { action: string }[] }).events.some((e) => e.action === 'client_error'),
    )
    .toBe(true);
  await page.unroute('**/api/profile');
  await error.getByRole('button', { name: 'Refresh Page' }).click();
  await expect(page.getByTestId('profile-summary')).toBeVisible();
});
