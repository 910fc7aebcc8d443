import type { Page } from '@playwright/test';

/** A label the page does not show whole: its text, how it is cut, and where. */
export interface Clipped {
  text: string;
  /** "ellipsis" (text-overflow), "cut" (an ancestor hides the rest), "placeholder" (an input's hint is longer than the box). */
  how: 'ellipsis' | 'cut' | 'placeholder';
  where: string;
}

/**
 * The labels on the page that are shown cut: every visible text whose laid-out box runs past
 * an ancestor that hides overflow (text-overflow ellipsis included; scroll containers excluded,
 * their rest is reachable), and every input placeholder wider than its box. Data in table rows
 * is left out (it may be long; it truncates with its full text at hand), as are visually hidden
 * texts (screen-reader only) and decorations (badge digits). `scope` limits the look to one part
 * of the page (an open drawer).
 */
export function clippedLabels(page: Page, scope = 'body'): Promise<Clipped[]> {
  return page.evaluate((scope) => {
    const root = document.querySelector(scope) ?? document.body;
    const found: { text: string; how: 'ellipsis' | 'cut' | 'placeholder'; where: string }[] = [];
    const SKIP = '.ant-table-tbody, .ant-scroll-number, [aria-hidden="true"], script, style, noscript, template';
    const placeOf = (el: Element) => {
      const testId = el.closest('[data-testid]')?.getAttribute('data-testid');
      const cls =
        typeof el.className === 'string' ? el.className.split(/\s+/).filter(Boolean).slice(0, 2).join('.') : '';
      return `${el.tagName.toLowerCase()}${cls ? `.${cls}` : ''}${testId ? ` in [data-testid=${testId}]` : ''}`;
    };
    /** Visually hidden for all but screen readers (clip, a 1-pixel box) or not shown at all. */
    const invisible = (el: Element): boolean => {
      for (let at: Element | null = el; at && at !== document.body; at = at.parentElement) {
        const style = getComputedStyle(at);
        if (style.display === 'none' || style.visibility === 'hidden' || Number(style.opacity) === 0) return true;
        if (style.clip !== 'auto' && style.clip !== '') return true;
        if (style.clipPath !== 'none') return true;
        const box = at.getBoundingClientRect();
        if ((box.width <= 2 || box.height <= 2) && style.overflow !== 'visible') return true;
      }
      return false;
    };
    const hides = (value: string) => value === 'hidden' || value === 'clip';
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    const seen = new Set<Element>();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.replace(/\s+/g, ' ').trim() ?? '';
      const holder = node.parentElement;
      if (!text || !holder || seen.has(holder) || holder.closest(SKIP)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const rects = Array.from(range.getClientRects()).filter((r) => r.width > 0 && r.height > 0);
      if (rects.length === 0 || invisible(holder)) continue;
      const right = Math.max(...rects.map((r) => r.right));
      const left = Math.min(...rects.map((r) => r.left));
      const bottom = Math.max(...rects.map((r) => r.bottom));
      const top = Math.min(...rects.map((r) => r.top));
      // Up to the page itself, not its body: a body that hides overflow (a drawer open) cuts nothing.
      for (let at: Element | null = holder; at && at !== document.body; at = at.parentElement) {
        const style = getComputedStyle(at);
        const x = hides(style.overflowX);
        const y = hides(style.overflowY);
        if (!x && !y) continue;
        const box = at.getBoundingClientRect();
        const inner = {
          left: box.left + at.clientLeft,
          top: box.top + at.clientTop,
          right: box.left + at.clientLeft + at.clientWidth,
          bottom: box.top + at.clientTop + at.clientHeight,
        };
        // Wholly outside: put away on purpose (tabs beyond the "more" menu), not cut.
        const away =
          (x && (left >= inner.right - 1 || right <= inner.left + 1)) ||
          (y && (top >= inner.bottom - 1 || bottom <= inner.top + 1));
        if (away) break;
        const cutX = x && (right > inner.right + 1 || left < inner.left - 1);
        const cutY = y && (bottom > inner.bottom + 1 || top < inner.top - 1);
        if (cutX || cutY) {
          seen.add(holder);
          const ellipsis = getComputedStyle(holder).textOverflow === 'ellipsis' || style.textOverflow === 'ellipsis';
          found.push({ text, how: ellipsis ? 'ellipsis' : 'cut', where: placeOf(holder) });
          break;
        }
      }
    }
    // Placeholders: the hint laid out as the input's own value for a moment (the browser's own
    // layout, search inputs' reserved room included), then the input emptied again.
    for (const input of Array.from(root.querySelectorAll<HTMLInputElement>('input[placeholder]'))) {
      if (!input.placeholder || input.value || input.closest(SKIP) || invisible(input)) continue;
      input.value = input.placeholder;
      const over = input.scrollWidth > input.clientWidth + 1;
      input.value = '';
      if (over) found.push({ text: input.placeholder, how: 'placeholder', where: placeOf(input) });
    }
    return found;
  }, scope);
}
