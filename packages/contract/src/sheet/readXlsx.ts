import { strFromU8, unzipSync } from 'fflate';

/**
 * Reads an .xlsx file back, for the tests of the xlsx writer and of the exports that use it (the
 * server's streamed record export, the console's lock-user download): unzips it with fflate and
 * reads the package's XML the way a spreadsheet does (the workbook's first sheet through its
 * relationship, shared or inline strings, styles), so a test checks what a user would see, not
 * how the writer put it.
 */
export interface XlsxContent {
  /** The package's parts (file names). */
  parts: string[];
  /** The first sheet's tab name. */
  sheetName: string;
  /** The cells, row by row from row 1; a missing or empty cell is null. */
  rows: (string | number | null)[][];
  /** Whether every cell of row 1 is bold. */
  headerBold: boolean;
  /** Rows frozen at the top (0 when none). */
  frozenRows: number;
  /** Column widths in characters, by column index. */
  widths: (number | undefined)[];
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function unescapeXml(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (entity, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
    return ENTITIES[name] ?? entity;
  });
}

const attribute = (attributes: string, name: string): string | undefined =>
  attributes.match(new RegExp(`(?:^|\\s)${name}="([^"]*)"`))?.[1];

/** Elements `<tag ...>inner</tag>` or `<tag .../>`: their attributes and inner XML. */
function elements(xml: string, tag: string): { attributes: string; inner: string }[] {
  const pattern = new RegExp(`<${tag}(\\s[^>]*?)?(?:/>|>([\\s\\S]*?)</${tag}>)`, 'g');
  return [...xml.matchAll(pattern)].map((m) => ({ attributes: m[1] ?? '', inner: m[2] ?? '' }));
}

/** The text of a string item: its `<t>` elements joined (rich text has several). */
const textOf = (xml: string): string =>
  elements(xml, 't')
    .map((t) => unescapeXml(t.inner))
    .join('');

/** Zero-based column of a cell reference: A1 → 0, AB7 → 27. */
function columnOf(ref: string): number {
  let n = 0;
  for (const letter of ref.replace(/[0-9]+$/, '')) n = n * 26 + (letter.charCodeAt(0) - 64);
  return n - 1;
}

export function readXlsx(bytes: Uint8Array): XlsxContent {
  const files = unzipSync(bytes);
  const text = (name: string) => {
    const file = files[name];
    return file ? strFromU8(file) : '';
  };
  const workbook = text('xl/workbook.xml');
  const [sheet] = elements(workbook, 'sheet');
  const relationId = attribute(sheet?.attributes ?? '', 'r:id');
  const relation = elements(text('xl/_rels/workbook.xml.rels'), 'Relationship').find(
    (r) => attribute(r.attributes, 'Id') === relationId,
  );
  const target = attribute(relation?.attributes ?? '', 'Target') ?? '';
  const sheetXml = text(target.startsWith('/') ? target.slice(1) : `xl/${target}`);

  const shared = elements(text('xl/sharedStrings.xml'), 'si').map((si) => textOf(si.inner));
  const styles = text('xl/styles.xml');
  const fonts = elements(elements(styles, 'fonts')[0]?.inner ?? '', 'font');
  const formats = elements(elements(styles, 'cellXfs')[0]?.inner ?? '', 'xf');
  const isBold = (style: string | undefined) => {
    const font = fonts[Number(attribute(formats[Number(style ?? 0)]?.attributes ?? '', 'fontId') ?? 0)];
    return /<b(\s+val="(1|true)")?\s*\/>/.test(font?.inner ?? '');
  };

  let headerBold = false;
  const rows: (string | number | null)[][] = [];
  for (const row of elements(sheetXml, 'row')) {
    const index = Number(attribute(row.attributes, 'r') ?? rows.length + 1) - 1;
    const cells: (string | number | null)[] = [];
    let bold = true;
    for (const cell of elements(row.inner, 'c')) {
      const column = columnOf(attribute(cell.attributes, 'r') ?? '');
      const type = attribute(cell.attributes, 't');
      const value = elements(cell.inner, 'v')[0]?.inner;
      bold &&= isBold(attribute(cell.attributes, 's'));
      cells[column] =
        type === 'inlineStr'
          ? textOf(cell.inner)
          : type === 's'
            ? (shared[Number(value)] ?? null)
            : type === 'str' || type === 'e' || type === 'b'
              ? unescapeXml(value ?? '')
              : value === undefined
                ? null
                : Number(value);
    }
    if (index === 0) headerBold = bold && cells.length > 0;
    rows[index] = Array.from(cells, (cell) => cell ?? null);
  }

  const pane = elements(sheetXml, 'pane')[0]?.attributes ?? '';
  const widths: (number | undefined)[] = [];
  for (const col of elements(sheetXml, 'col')) {
    const width = Number(attribute(col.attributes, 'width'));
    for (let i = Number(attribute(col.attributes, 'min')); i <= Number(attribute(col.attributes, 'max')); i++) {
      widths[i - 1] = width;
    }
  }
  return {
    parts: Object.keys(files).sort(),
    sheetName: unescapeXml(attribute(sheet?.attributes ?? '', 'name') ?? ''),
    rows: Array.from(rows, (row) => row ?? []),
    headerBold,
    frozenRows: attribute(pane, 'state') === 'frozen' ? Number(attribute(pane, 'ySplit') ?? 0) : 0,
    widths,
  };
}
