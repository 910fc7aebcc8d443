/**
 * Tables that fit the room they have (a phone, a narrow window, a drawer): each column says the
 * narrowest it reads well in and, for the optional ones, which goes first when room runs out.
 * Dropped columns fold into the first one (labelled lines under the row's name), so nothing is
 * lost and the page never scrolls sideways; the table scrolls inside itself only when even the
 * columns that stay cannot fit.
 */

/** A column as fitting needs it; `C` is the table library's column type. */
export interface FitSpec {
  key: string;
  /** The narrowest the column reads well in, in px (cell padding included). */
  minWidth: number;
  /** Optional columns go, lowest first, while the kept ones do not fit; none: always kept. */
  drop?: number;
  /** Takes the room left over (else it keeps its minWidth). The first column grows when none does. */
  grow?: boolean;
}

export interface Fitted<C extends FitSpec> {
  /** The columns kept, in their order. */
  kept: C[];
  /** The optional columns that did not fit, in their order. */
  dropped: C[];
  /** The width each kept column gets (undefined: it shares the room left). */
  widths: Map<string, number | undefined>;
  /** Set when even the kept columns need more than `width`: the table's own horizontal scroll. */
  scrollX?: number;
}

const total = (columns: readonly FitSpec[]) => columns.reduce((sum, column) => sum + column.minWidth, 0);

/** Which columns a table of `width` px keeps, and how wide each is. */
export function fitColumns<C extends FitSpec>(columns: readonly C[], width: number): Fitted<C> {
  let kept = [...columns];
  const optional = columns
    .map((column, index) => ({ column, index }))
    .filter(({ column }) => column.drop !== undefined)
    .sort((a, b) => (a.column.drop ?? 0) - (b.column.drop ?? 0) || b.index - a.index);
  for (const { column } of optional) {
    if (total(kept) <= width) break;
    kept = kept.filter((other) => other !== column);
  }
  const dropped = columns.filter((column) => !kept.includes(column));
  const growing = kept.some((column) => column.grow) ? kept.filter((column) => column.grow) : kept.slice(0, 1);
  const widths = new Map<string, number | undefined>(
    kept.map((column) => [column.key, growing.includes(column) ? undefined : column.minWidth]),
  );
  const needed = total(kept);
  return { kept, dropped, widths, ...(needed > width ? { scrollX: needed } : {}) };
}
