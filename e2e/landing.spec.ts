import { expect, type Locator } from '@playwright/test';
import { loadWholePage, saveScreenshot, unpinShowcase, test } from './fixtures';

const SLIDER_NAMES = ['Winter Architecture', 'Modern Wooden House', 'Concrete Architecture', 'Interior Design'];

async function top(locator: Locator): Promise<number> {
  return locator.evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
}

test.describe('landing page on a desktop', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('renders its sections in order', async ({ page }) => {
    await page.goto('/');
    const hero = page.getByRole('heading', { level: 1, name: 'Enhance 3D Renders' });
    await expect(hero).toBeVisible();
    await expect(page.getByText('AI powered enhancement for 3D renders', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'See Enhancement' })).toBeVisible();

    const showcase = page.locator('[data-section="showcase"]');
    await expect(showcase).toBeVisible();
    for (const text of [
      'Upload Your Project',
      'Multi-Image Workspace',
      'Enhance with One Choice',
      'Simple Choices',
      'Fix and Download',
      'Integrated Error Fixing',
    ]) {
      await expect(showcase.getByText(text, { exact: true })).toBeVisible();
    }

    const features = page.locator('#features');
    await expect(features.getByTestId('comparison-bar')).toBeVisible();
    const names = features.getByRole('heading', { level: 3 });
    await expect(names).toHaveText(SLIDER_NAMES);
    await expect(features.getByRole('slider')).toHaveCount(4);
    await expect(features.getByTestId('detail-view')).toHaveCount(3);

    const cta = page.getByRole('heading', { name: 'Ready to Enhance?' });
    await expect(page.getByRole('link', { name: 'Start Now' })).toHaveAttribute('href', '/enhance');
    const footer = page.getByTestId('site-footer');
    for (const link of ['Features', 'Enhancement', 'Pricing', 'About', 'Contact', 'FAQ', 'Privacy', 'Terms']) {
      await expect(footer.getByRole('link', { name: link, exact: true })).toBeVisible();
    }

    const order = [await top(hero), await top(showcase), await top(features), await top(cta), await top(footer)];
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });

  test('the scroll-driven showcase moves through its three steps', async ({ page }) => {
    await page.goto('/');
    const showcase = page.locator('[data-section="showcase"]');
    await expect(showcase).toHaveAttribute('data-step', '1');
    const { start, travel } = await showcase.evaluate((el) => ({
      start: el.getBoundingClientRect().top + window.scrollY - 64,
      travel: el.getBoundingClientRect().height - window.innerHeight,
    }));
    await page.evaluate((y) => window.scrollTo({ top: y, behavior: 'instant' }), start + travel * 0.5);
    await expect(showcase).toHaveAttribute('data-step', '2');
    await page.evaluate((y) => window.scrollTo({ top: y, behavior: 'instant' }), start + travel * 0.9);
    await expect(showcase).toHaveAttribute('data-step', '3');
  });

  test("the nav's Features link scrolls the features section into view, also from another page", async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const features = page.locator('#features');
    await expect(features).not.toBeInViewport();
    await nav.getByRole('link', { name: 'Features' }).click();
    await expect(features).toBeInViewport();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(900);

    await nav.getByRole('link', { name: 'About' }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await nav.getByRole('link', { name: 'Features' }).click();
    await expect(page).toHaveURL(/\/#features$/);
    await expect(page.locator('#features')).toBeInViewport();
  });

  test('a before/after slider moves by mouse drag and by keyboard', async ({ page }) => {
    await page.goto('/');
    const slider = page.getByRole('slider', { name: /Winter Architecture/ });
    await slider.scrollIntoViewIfNeeded();
    await expect(slider).toHaveAttribute('data-state', 'ready');
    await expect(slider).toHaveAttribute('aria-valuenow', '50');
    await expect(slider).toHaveAttribute('aria-valuemin', '0');
    await expect(slider).toHaveAttribute('aria-valuemax', '100');

    const box = (await slider.boundingBox())!;
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + box.width / 2, y);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.65, y, { steps: 5 });
    await page.mouse.move(box.x + box.width * 0.75, y, { steps: 5 });
    await page.mouse.up();
    await expect(slider).toHaveAttribute('aria-valuenow', '75');

    await page.mouse.move(box.x + box.width * 0.2, y);
    await page.mouse.down();
    await page.mouse.up();
    await expect(slider).toHaveAttribute('aria-valuenow', '20');

    await slider.focus();
    await page.keyboard.press('ArrowRight');
    await expect(slider).toHaveAttribute('aria-valuenow', '21');
    await page.keyboard.press('Shift+ArrowRight');
    await expect(slider).toHaveAttribute('aria-valuenow', '31');
    await page.keyboard.press('PageDown');
    await expect(slider).toHaveAttribute('aria-valuenow', '21');
    await page.keyboard.press('End');
    await expect(slider).toHaveAttribute('aria-valuenow', '100');
    await expect(slider.locator('[data-label="enhanced"]')).toHaveAttribute('data-visible', 'false');
    await expect(slider.locator('[data-label="before"]')).toHaveAttribute('data-visible', 'true');
    await page.keyboard.press('Home');
    await expect(slider).toHaveAttribute('aria-valuenow', '0');
    await expect(slider.locator('[data-label="before"]')).toHaveAttribute('data-visible', 'false');
  });

  test('an unknown path shows the 404 page and Return to Home goes home', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByText('404', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Enhance 3D Renders' })).toBeVisible();
  });

  test('full-page screenshot', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByTestId('nav-signed-out')).toBeVisible();
    await loadWholePage(page);
    await unpinShowcase(page);
    await saveScreenshot(page, 'landing.png');
  });
});

test.describe('landing page on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('collapses the navigation into a menu and leaves out the showcase', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Enhance 3D Renders' })).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Pricing' })).toBeHidden();
    await expect(page.locator('[data-section="showcase"]')).toHaveCount(0);
    await expect(page.getByRole('slider')).toHaveCount(4);

    await expect(page.getByTestId('nav-signed-out')).toBeHidden();
    await loadWholePage(page);
    await saveScreenshot(page, 'landing-mobile.png');

    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog');
    for (const link of ['Features', 'Enhance', 'Pricing', 'About', 'Sign Up', 'Log In']) {
      await expect(menu.getByRole('link', { name: link, exact: true })).toBeVisible();
    }
    await menu.getByRole('link', { name: 'Features' }).click();
    await expect(menu).toBeHidden();
    await expect(page.locator('#features')).toBeInViewport();

    // closed with Escape, the menu hands focus back to its button
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(menu).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
  });
});
