/**
 * A table wider than its room scrolls inside itself (ui/FitTable.tsx keeps that to the
 * columns that must stay); a keyboard user must reach such a region to scroll it (WCAG 2.1.1,
 * axe: scrollable-region-focusable). Each of Ant Design's table scrollers that overflows becomes
 * a tab stop, and stops being one when it fits again. One observer of the document covers every
 * table; a scroller's own size changes are watched too.
 */
const SCROLLERS = '.ant-table-content, .ant-table-body';

function update(scroller: HTMLElement): void {
  const overflows =
    scroller.scrollWidth > scroller.clientWidth + 1 || scroller.scrollHeight > scroller.clientHeight + 1;
  if (overflows) scroller.tabIndex = 0;
  else if (scroller.getAttribute('tabindex') === '0') scroller.removeAttribute('tabindex');
}

export function focusableScrollers(root: HTMLElement = document.body): () => void {
  const watched = new WeakSet<Element>();
  const sizes = new ResizeObserver((entries) => {
    for (const entry of entries) update(entry.target as HTMLElement);
  });
  const scan = () => {
    for (const scroller of root.querySelectorAll<HTMLElement>(SCROLLERS)) {
      if (!watched.has(scroller)) {
        watched.add(scroller);
        sizes.observe(scroller);
      }
      update(scroller);
    }
  };
  scan();
  let pending = false;
  const changes = new MutationObserver(() => {
    if (pending) return;
    pending = true;
    requestAnimationFrame(() => {
      pending = false;
      scan();
    });
  });
  changes.observe(root, { childList: true, subtree: true, attributes: true, attributeFilter: ['style'] });
  return () => {
    changes.disconnect();
    sizes.disconnect();
  };
}
