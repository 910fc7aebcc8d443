/**
 * Ant Design's tables measure their columns with a hidden row (`aria-hidden`) that repeats every
 * column's title, so a table with a select-all checkbox has it twice: the second copy invisible
 * and yet a tab stop inside an aria-hidden row (axe: aria-hidden-focus; the library gives no way
 * to change that row). Making the row inert takes it out of the tab order and the accessibility
 * tree; its widths are still measured. One observer of the document covers every table.
 */
const MEASURE_ROW = 'tr.ant-table-measure-row:not([inert])';

export function inertMeasureRows(root: HTMLElement = document.body): () => void {
  const mark = () => {
    for (const row of root.querySelectorAll<HTMLElement>(MEASURE_ROW)) row.inert = true;
  };
  mark();
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (node instanceof Element && (node.matches(MEASURE_ROW) || node.querySelector(MEASURE_ROW))) {
          mark();
          return;
        }
      }
    }
  });
  observer.observe(root, { childList: true, subtree: true });
  return () => observer.disconnect();
}
