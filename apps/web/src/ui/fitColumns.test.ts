import { describe, expect, it } from 'vitest';
import { fitColumns } from './fitColumns';

const EKEY = [
  { key: 'recipient', minWidth: 240, grow: true },
  { key: 'status', minWidth: 170, drop: 6 },
  { key: 'validity', minWidth: 200, drop: 4 },
  { key: 'name', minWidth: 140, drop: 3 },
  { key: 'sent', minWidth: 180, drop: 2 },
  { key: 'actions', minWidth: 230, drop: 5 },
];
const keys = (columns: { key: string }[]) => columns.map((column) => column.key);

describe('tables that fit their room', () => {
  it('keep every column when they fit, the growing one taking the rest', () => {
    const fitted = fitColumns(EKEY, 1300);
    expect(keys(fitted.kept)).toEqual(keys(EKEY));
    expect(fitted.dropped).toEqual([]);
    expect(fitted.widths.get('recipient')).toBeUndefined();
    expect(fitted.widths.get('status')).toBe(170);
    expect(fitted.scrollX).toBeUndefined();
  });

  it('drop optional columns, lowest first, until the rest fit (1440 px window: 1112 px of table)', () => {
    const fitted = fitColumns(EKEY, 1112);
    expect(keys(fitted.dropped)).toEqual(['sent']);
    expect(keys(fitted.kept)).toEqual(['recipient', 'status', 'validity', 'name', 'actions']);
  });

  it('on a phone keep the first column alone, everything else folded into it, and never scroll', () => {
    const fitted = fitColumns(EKEY, 342);
    expect(keys(fitted.kept)).toEqual(['recipient']);
    expect(keys(fitted.dropped)).toEqual(['status', 'validity', 'name', 'sent', 'actions']);
    expect(fitted.scrollX).toBeUndefined();
  });

  it('scroll inside the table only when even the columns that must stay do not fit', () => {
    expect(fitColumns(EKEY, 200).scrollX).toBe(240);
  });

  it('let the first column grow when none is marked to', () => {
    const fitted = fitColumns(
      [
        { key: 'a', minWidth: 100 },
        { key: 'b', minWidth: 100, drop: 1 },
      ],
      500,
    );
    expect(fitted.widths.get('a')).toBeUndefined();
    expect(fitted.widths.get('b')).toBe(100);
  });
});
