import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Frame, type Page } from '@playwright/test';

/*
 * axe-core in the page, once per document. AxeBuilder (@axe-core/playwright) evaluated axe's
 * 550 kB into the page at every scan, ran it frame by frame, then opened a blank page to merge the
 * results, passes and all: 40 % of the browser suite's time (decision 0240). Here axe goes into
 * each frame that does not have it yet, runs once from the top frame (which reaches same-origin
 * frames itself, as AxeBuilder's legacy mode does) and returns only its violations: the same rules
 * (axe-core, pinned in e2e/package.json to the version AxeBuilder brought), the same verdict, 3 to
 * 8 times faster.
 */
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const tags = ['wcag2a', 'wcag2aa', 'wcag21aa'];

interface Violation {
  id: string;
  impact?: string | null;
  help: string;
  targets: string[];
}
type WithAxe = {
  axe: {
    configure(options: { allowedOrigins: string[] }): void;
    run(
      context: { exclude: string[] },
      options: { runOnly: { type: 'tag'; values: string[] }; resultTypes: string[] },
    ): Promise<{
      violations: { id: string; impact?: string | null; help: string; nodes: { target: unknown[] }[] }[];
    }>;
  };
};

/** axe into a frame that does not have it; a frame that goes away or never answers is skipped. */
async function injectAxe(frame: Frame): Promise<void> {
  const inject = async () => {
    if (await frame.evaluate(() => 'axe' in window)) return;
    await frame.evaluate(axeSource);
    // the top frame asks each frame for its results by message, whatever its origin (a srcdoc
    // frame's is "null"), as AxeBuilder lets it
    await frame.evaluate(() =>
      (window as unknown as WithAxe).axe.configure({ allowedOrigins: ['<unsafe_all_origins>'] }),
    );
  };
  if (frame === frame.page().mainFrame()) return inject();
  await Promise.race([inject(), new Promise((resolve) => setTimeout(resolve, 1_000))]).catch(() => undefined);
}

/** Fails on any serious or critical axe-core violation on the current page. */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  // what she sees once it settles: a colour still fading in (a button turning on, 0.15 s) is not
  // its contrast; endless animations (a spinner, a skeleton's shimmer) are not waited for
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY)
          .map((a) => a.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 2_000)),
    ]),
  );
  for (const frame of page.frames()) await injectAxe(frame);
  const violations: Violation[] = await page.evaluate(async (values) => {
    const { axe } = window as unknown as WithAxe;
    // the whole document, its frames included (a node as context would leave the frames out)
    const results = await axe.run(
      { exclude: [] },
      {
        runOnly: { type: 'tag', values },
        resultTypes: ['violations'],
      },
    );
    return results.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.map((n) => n.target.join(' ')),
    }));
  }, tags);
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.targets.join(', ')})`);
  expect(serious).toEqual([]);
}
