/**
 * The pro pages with the keyboard only (issue 25): on each page the demo organiser works in, the first Tab is the
 * skip link, which leads into the page's content; Tab then reaches every control of the page, in turn, each one
 * wearing the kit's visible focus (an outline of 3 px). Nothing is reached only with a mouse.
 */
import type { Page } from '@playwright/test';
import { api, expect, gotoLive, proTest as test } from '../fixtures';
import { DEMO_ORGANISER, demoProHeaders, logInPro } from './steps';

/** What a keyboard user can reach: every visible, enabled control of the page's main content. */
const CONTROLS =
  'a[href], button:not([disabled]), input:not([type="hidden"]):not([disabled]), select:not([disabled]), textarea:not([disabled]), summary, [contenteditable="true"], [tabindex]:not([tabindex="-1"])';

type Stop = {
  key: string;
  name: string;
  inMain: boolean;
  nativePicker: boolean;
  outline: string;
  outlineWidth: number;
};

/** The focused element as Tab left it: a key naming it, whether it is in <main>, its outline. */
function focused(page: Page): Promise<Stop | null> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return null;
    if (!element.dataset.tabKey) element.dataset.tabKey = String(Math.random()).slice(2);
    // The ring is the element's own, or its frame's when the frame wears it for what it holds (the rich-text
    // editor's box rings itself with :focus-within around its editing area).
    let ringed: HTMLElement = element;
    let style = getComputedStyle(ringed);
    for (let up = 0; style.outlineStyle !== 'solid' && up < 3 && ringed.parentElement; up += 1) {
      ringed = ringed.parentElement;
      style = getComputedStyle(ringed);
    }
    // A date or time field's last stop is Chromium's own calendar button, inside the field, ringed by Chromium.
    const nativePicker =
      element.matches('input[type="date"], input[type="time"], input[type="datetime-local"]') &&
      !element.matches(':focus-visible');
    return {
      nativePicker,
      key: element.dataset.tabKey,
      name: `${element.tagName.toLowerCase()}.${element.className} « ${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40)} »`,
      inMain: Boolean(element.closest('main')),
      outline: style.outlineStyle,
      outlineWidth: Number.parseFloat(style.outlineWidth),
    };
  });
}

/** The keys of the controls in <main> a keyboard user should reach (visible ones), marked for `focused`. */
function controlsOfMain(page: Page): Promise<string[]> {
  return page.evaluate((selector) => {
    return (
      Array.from(document.querySelectorAll<HTMLElement>(`main :is(${selector})`))
        .filter((element) => element.checkVisibility({ visibilityProperty: true }) && element.tabIndex >= 0)
        // A radio group is one Tab stop, its checked button: the others are reached with the arrows.
        .filter((element) => !(element instanceof HTMLInputElement && element.type === 'radio' && !element.checked))
        // A link in a description being edited is text of the editor, not a stop of its own.
        .filter((element) => element.isContentEditable === false || element.matches('[contenteditable="true"]'))
        .map((element) => {
          if (!element.dataset.tabKey) element.dataset.tabKey = String(Math.random()).slice(2);
          return element.dataset.tabKey;
        })
    );
  }, CONTROLS);
}

async function walkWithTab(page: Page, path: string) {
  await gotoLive(page, path);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());

  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Aller au contenu' });
  await expect(skip, path).toBeFocused();
  await page.keyboard.press('Enter');

  const reached = new Set<string>();
  for (let press = 0; press < 400; press += 1) {
    await page.keyboard.press('Tab');
    const stop = await focused(page);
    if (!stop) continue;
    if (!stop.inMain) {
      // Once past the content, the footer's links; the walk is over when focus leaves <main> after entering it.
      if (reached.size > 0) break;
      continue;
    }
    reached.add(stop.key);
    if (stop.nativePicker) continue;
    expect(stop.outline, `${path} : contour visible sur ${stop.name}`).toBe('solid');
    expect(stop.outlineWidth, `${path} : contour visible sur ${stop.name}`).toBeGreaterThanOrEqual(2);
  }
  // The controls as the page holds them after the walk (an editor may have rebuilt its own element meanwhile).
  const expected = await controlsOfMain(page);
  expect(expected.length, `${path} : des commandes dans le contenu`).toBeGreaterThan(0);
  const missed = expected.filter((key) => !reached.has(key));
  const described = await page.evaluate(
    (keys) =>
      keys.map((key) => {
        const element = document.querySelector<HTMLElement>(`[data-tab-key="${key}"]`);
        return element
          ? `${element.tagName.toLowerCase()} « ${(element.textContent || element.getAttribute('aria-label') || element.getAttribute('name') || '').trim().slice(0, 40)} »`
          : key;
      }),
    missed,
  );
  expect(described, `${path} : atteint au clavier`).toEqual([]);
}

test('the pro pages are worked with the keyboard only: skip link first, every control reached, each focus visible', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const headers = await demoProHeaders();
  const me = await api<{ organizers: { id: number }[] }>('/pro/me', { headers });
  const organizerId = me.organizers[0]?.id;
  if (!organizerId) throw new Error('L’organisatrice de démonstration n’a pas d’organisateur.');
  const ticketings = await api<{ items: { id: number }[] }>(`/pro/organizers/${organizerId}/ticketings`, { headers });
  const ticketingId = ticketings.items[0]?.id;
  if (!ticketingId) throw new Error('Son premier organisateur n’a pas de billetterie.');

  await logInPro(page, DEMO_ORGANISER.email, DEMO_ORGANISER.password);
  const base = `/organisateurs/${organizerId}`;
  for (const path of [
    base,
    `${base}/billetteries`,
    `${base}/billetteries/nouvelle`,
    `${base}/billetteries/${ticketingId}`,
    `${base}/billetteries/${ticketingId}/tarifs`,
    `${base}/commandes`,
    `${base}/equipe`,
  ]) {
    await test.step(path, () => walkWithTab(page, path));
  }
});
