/**
 * No silent overwrite of a saved viewport: the same user on a desktop (auto-save off) and a phone (auto-save on, the
 * product's default) opens 'Villa Keller – Phase 1'. The desktop adds a card and saves; the phone moves a card and its
 * auto-save is refused, once, with the choice shown, while the desktop's save stays on the server. The phone keeps
 * both: its layout becomes 'Villa Keller – Phase 1 (phone)'. On the desktop, manual saves over a newer save are refused
 * too: Overwrite saves over it on purpose, Reload takes the newer save and sets the changes aside in the local backup,
 * and Save & Continue on leaving waits for the choice.
 */
import { expect, type APIRequestContext, type Page, type Request } from '@playwright/test';
import { businessUser, saveScreenshot, smallRender, test } from './fixtures';
import { dragCard } from './canvas';

const NAME = 'Villa Keller – Phase 1';
const PHONE_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
/** The auto-save wait (src/web/features/sessions/lib/auto-save.ts) with room for a loaded machine. */
const AUTO_SAVE_WAIT_MS = 2000 + 2500;

const first = smallRender('terrace.png');
const second = smallRender('lobby.png');
const third = smallRender('facade.png');

const card = (page: Page, name: string) => page.locator(`[data-testid="image-card"][data-name="${name}"]`);
const sessionName = (page: Page) => page.getByTestId('session-name');

type Saved = {
  id: string;
  session_name: string;
  version: number;
  image_count: number;
  viewport_data: { images: { name?: string; position: { x: number; y: number } }[] };
};
async function sessions(request: APIRequestContext): Promise<Saved[]> {
  return (await (await request.get('/api/viewports')).json()).sessions;
}
/** Drags a card by a point of its image that nothing covers, the way a user moves it. */
const drag = (page: Page, name: string, dx: number, dy: number) => dragCard(page, card(page, name), dx, dy);

async function upload(page: Page, files: string[], cards: number) {
  await page.getByTestId('file-input').setInputFiles(files);
  await expect(page.getByTestId('image-card')).toHaveCount(cards, { timeout: 30_000 });
  for (const c of await page.getByTestId('image-card').all()) await expect(c).toHaveAttribute('data-status', 'idle', { timeout: 30_000 });
}

/** The toolbar's Save with a session open: its menu's Save updates the session. */
async function manualSave(page: Page) {
  await page.getByTestId('tool-save').click();
  await page.getByTestId('menu-save').click();
}

test('a save based on an older version is refused: auto-save stops and asks once, Keep both, Overwrite and Reload', async ({
  page,
  browser,
  baseURL,
  context,
}) => {
  test.setTimeout(300_000);
  const origin = { Origin: baseURL! };
  await page.setViewportSize({ width: 1440, height: 900 });
  await businessUser(page.request, baseURL!, 'conflict', 'operator');

  // ---------------------------------------------------------------- the desktop saves 'Phase 1' with two cards
  await page.goto('/enhance');
  await upload(page, [first.file(), second.file()], 2);
  await page.getByTestId('tool-save').click();
  await page.getByTestId('save-session-dialog').getByLabel('Session Name').fill(NAME);
  await page.getByTestId('save-session-dialog').getByLabel('Session Name').press('Enter');
  await expect(sessionName(page)).toHaveText(NAME);
  const original = (await sessions(page.request))[0];
  expect(original).toMatchObject({ session_name: NAME, version: 1, image_count: 2 });

  // ---------------------------------------------------------------- the phone opens it, auto-save on (the default)
  const state = await context.storageState();
  const phoneContext = await browser.newContext({
    baseURL,
    storageState: { cookies: state.cookies, origins: [] },
    viewport: { width: 390, height: 844 },
    userAgent: PHONE_UA,
  });
  try {
    const phone = await phoneContext.newPage();
    const puts: Request[] = [];
    phone.on('request', (r) => {
      if (r.method() === 'PUT' && /\/api\/viewports\/[^/]+$/.test(r.url())) puts.push(r);
    });
    await phone.goto('/enhance');
    await expect(sessionName(phone)).toHaveText(NAME);
    await expect(phone.getByTestId('image-card')).toHaveCount(2);

    // ---------------------------------------------------------------- the desktop adds a card and saves: version 2
    await upload(page, [third.file()], 3);
    await expect(page.getByTestId('unsaved-dot')).toBeVisible();
    await manualSave(page);
    await expect(page.getByText('Session updated successfully!')).toBeVisible();
    await expect.poll(async () => (await sessions(page.request)).find((s) => s.id === original.id)).toMatchObject({ version: 2, image_count: 3 });

    // ---------------------------------------------------------------- the phone moves a card: its auto-save is refused
    await drag(phone, 'terrace.png', 60, 120);
    const dialog = phone.getByTestId('session-conflict-dialog');
    await expect(dialog.getByRole('heading', { name: 'Saved on Another Device' })).toBeVisible({ timeout: 15_000 });
    await expect(dialog.getByText(`"${NAME}" was saved on another device at`)).toBeVisible();
    await expect(dialog.getByTestId('conflict-auto-paused')).toHaveText('Auto-save is paused for this session until you choose.');
    await expect(dialog.getByText(`Save this layout as a new session, "${NAME} (phone)".`)).toBeVisible();
    await expect(dialog.getByRole('button', { name: /Overwrite/ })).toBeVisible();
    await expect(dialog.getByRole('button', { name: /Reload/ })).toBeVisible();
    await saveScreenshot(phone, 'session-conflict-phone.png', { fullPage: false });
    expect(puts).toHaveLength(1);
    // the desktop's save is intact
    const afterRefusal = (await sessions(page.request)).find((s) => s.id === original.id)!;
    expect(afterRefusal).toMatchObject({ version: 2, image_count: 3 });

    // closed without a choice: auto-save of the session stays off, and says why; no second dialog, no toasts
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await drag(phone, 'terrace.png', -40, 60);
    await phone.waitForTimeout(AUTO_SAVE_WAIT_MS);
    expect(puts).toHaveLength(1);
    await expect(dialog).toBeHidden();
    await expect(phone.getByTestId('auto-save-state')).toHaveText('Not saved: newer save elsewhere');
    await expect(phone.getByText('Failed to update session. Please save manually.')).toHaveCount(0);
    expect((await sessions(page.request)).find((s) => s.id === original.id)).toMatchObject({ version: 2, image_count: 3 });

    // a manual save asks again; Keep both saves the phone's layout beside the desktop's
    await manualSave(phone);
    await expect(dialog.getByRole('heading', { name: 'Saved on Another Device' })).toBeVisible();
    await expect(dialog.getByTestId('conflict-auto-paused')).toHaveCount(0);
    await dialog.getByRole('button', { name: /Keep both/ }).click();
    await expect(phone.getByText(`Session "${NAME} (phone)" saved successfully!`)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(sessionName(phone)).toHaveText(`${NAME} (phone)`);
    await expect(phone.getByTestId('unsaved-dot')).toHaveCount(0);
    const all = await sessions(page.request);
    const copy = all.find((s) => s.session_name === `${NAME} (phone)`)!;
    expect(copy).toMatchObject({ version: 1, image_count: 2, is_active: true });
    expect(all.find((s) => s.id === original.id)).toMatchObject({ session_name: NAME, version: 2, image_count: 3 });
    const copyData = (await (await page.request.get('/api/viewports/active')).json()).session.viewport_data.images as Saved['viewport_data']['images'];
    // and the phone saves its own copy by itself again
    await drag(phone, 'terrace.png', 30, 30);
    await expect(phone.getByTestId('auto-save-state')).toHaveText('Saved', { timeout: 15_000 });
    expect((await sessions(page.request)).find((s) => s.id === copy.id)!.version).toBe(2);
    expect((await sessions(page.request)).find((s) => s.id === original.id)!.version).toBe(2);

    // the copy holds the phone's move, the original the desktop's three cards where they were (loading it is read
    // last: every window of the account follows a load)
    const originalData = (await (await page.request.post(`/api/viewports/${original.id}/load`, { headers: origin })).json()).session.viewport_data
      .images as Saved['viewport_data']['images'];
    const at = (list: Saved['viewport_data']['images'], n: string) => list.find((i) => i.name === n)!.position;
    expect(originalData.map((i) => i.name).sort()).toEqual(['facade.png', 'lobby.png', 'terrace.png']);
    expect(at(copyData, 'terrace.png')).not.toEqual(at(originalData, 'terrace.png'));
  } finally {
    await phoneContext.close();
  }

  // ---------------------------------------------------------------- the desktop: manual saves over a newer save
  await page.reload();
  await expect(sessionName(page)).toHaveText(NAME);
  await expect(page.getByTestId('image-card')).toHaveCount(3);
  const elsewhere = async () => {
    // another device saves the session (the same account, the same server)
    const s = (await (await page.request.get('/api/viewports/active')).json()).session;
    const images = s.viewport_data.images.map((i: Saved['viewport_data']['images'][number], n: number) => ({ ...i, position: { x: n * 900, y: 2000 } }));
    const res = await page.request.put(`/api/viewports/${s.id}`, {
      headers: origin,
      data: { base_version: s.version, viewport_data: { ...s.viewport_data, images } },
    });
    expect(res.status()).toBe(200);
    return (await res.json()).session as Saved;
  };
  const newer = await elsewhere();
  await drag(page, 'facade.png', 150, -60);
  await manualSave(page);
  const dialog = page.getByTestId('session-conflict-dialog');
  await expect(dialog.getByRole('heading', { name: 'Saved on Another Device' })).toBeVisible();
  await expect(dialog.getByText(`Save this layout as a new session, "${NAME} (desktop)".`)).toBeVisible();
  await saveScreenshot(page, 'session-conflict-desktop.png', { fullPage: false });
  expect((await (await page.request.get('/api/viewports/active')).json()).session.version).toBe(newer.version);

  // Overwrite: saved over the newer version, on purpose
  await dialog.getByRole('button', { name: /Overwrite/ }).click();
  await expect(page.getByText(`Session "${NAME}" overwritten with this layout`)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('unsaved-dot')).toHaveCount(0);
  const overwritten = (await (await page.request.get('/api/viewports/active')).json()).session as Saved;
  expect(overwritten.version).toBe(newer.version + 1);
  expect(overwritten.viewport_data.images.find((i) => i.name === 'facade.png')!.position.y).not.toBe(2000);

  // Reload: the newer save is shown, and the desktop's changes wait in the local backup
  const newest = await elsewhere();
  await drag(page, 'lobby.png', -120, 80);
  await manualSave(page);
  await expect(dialog.getByRole('heading', { name: 'Saved on Another Device' })).toBeVisible();
  await dialog.getByRole('button', { name: /Reload/ }).click();
  await expect(page.getByText(`Session "${NAME}" loaded!`)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('unsaved-dot')).toHaveCount(0);
  const shown = (await (await page.request.get('/api/viewports/active')).json()).session as Saved;
  expect(shown.version).toBe(newest.version);
  const backup = await page.evaluate(() => JSON.parse(localStorage.getItem('renderlift:viewport-backup') ?? 'null'));
  expect(backup).toMatchObject({ sessionId: newest.id, baseVersion: overwritten.version, setAside: true });
  expect(backup.data.images.find((i: { name: string }) => i.name === 'lobby.png').position.y).not.toBe(2000);
  // the next visit offers them back
  await page.reload();
  await expect(page.getByTestId('backup-dialog').getByText('Unsaved Viewport Found')).toBeVisible();
  await page.getByTestId('backup-dialog').getByRole('button', { name: 'Discard' }).click();

  // Save & Continue on leaving waits for the choice, and leaves once it went through
  await elsewhere();
  await drag(page, 'terrace.png', 90, 90);
  await page.getByRole('navigation').getByRole('link', { name: 'Pricing' }).first().click();
  await page.getByTestId('leave-dialog').getByRole('button', { name: 'Save & Continue' }).click();
  await expect(dialog.getByRole('heading', { name: 'Saved on Another Device' })).toBeVisible();
  await expect(page.getByTestId('leave-dialog')).toBeHidden();
  await expect(page).toHaveURL(/\/enhance/);
  await dialog.getByRole('button', { name: /Keep both/ }).click();
  await expect(page).toHaveURL(/\/pricing/);
  const names = (await sessions(page.request)).map((s) => s.session_name).sort();
  expect(names).toEqual([NAME, `${NAME} (desktop)`, `${NAME} (phone)`]);
});
