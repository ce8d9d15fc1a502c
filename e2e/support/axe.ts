import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The axe rule tags of WCAG 2.1 level AA (A and AA of 2.0 and 2.1). */
export const WCAG21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** Runs axe with the WCAG 2.1 AA rules and expects no violation (each listed with its elements). */
export async function expectWcagClean(page: Page, label = page.url()) {
  // A dialog fading in is half transparent: axe would measure the contrast of a frame of it.
  // (Endless ones, spinners and skeletons, are not waited for.)
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Number.POSITIVE_INFINITY),
  );
  const result = await new AxeBuilder({ page }).withTags(WCAG21_AA).analyze();
  expect(
    result.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    `axe WCAG 2.1 AA on ${label}`,
  ).toEqual([]);
}
