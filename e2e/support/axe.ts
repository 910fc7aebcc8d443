import type { Page } from '@playwright/test';
import axe from 'axe-core';

/** What to run: the rules of these WCAG tags, or these rules by id. */
export type AxeSelection = { tags: string[] } | { rules: string[] };

/**
 * Runs axe-core on the page as it is and answers its violations (no passes, nothing else).
 *
 * axe is loaded into each frame of the document once and kept: the console moves between its
 * screens without loading a page, so one load serves every screen after it. The run is axe's own
 * `axe.run` in the page (frames included), with no second page opened to merge partial results.
 */
export async function axeViolations(page: Page, selection: AxeSelection): Promise<axe.Result[]> {
  for (const frame of page.frames()) {
    if (!(await frame.evaluate(() => 'axe' in window))) await frame.evaluate(axe.source);
  }
  const runOnly: axe.RunOnly =
    'tags' in selection ? { type: 'tag', values: selection.tags } : { type: 'rule', values: selection.rules };
  return page.evaluate(
    async (options) => {
      const run = (window as unknown as { axe: typeof axe }).axe.run;
      return (await run(document, options)).violations;
    },
    { runOnly, resultTypes: ['violations'] } satisfies axe.RunOptions,
  );
}
