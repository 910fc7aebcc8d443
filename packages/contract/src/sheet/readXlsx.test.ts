import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { readXlsx } from './readXlsx';

const NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';

/** A workbook as a spreadsheet program writes it: shared and inline strings, styles, a frozen pane. */
function workbook(sheet: string): Uint8Array {
  const parts: Record<string, string> = {
    'xl/workbook.xml': `<workbook ${NS}><sheets><sheet name="R&amp;D" sheetId="1" r:id="rId3"/></sheets></workbook>`,
    'xl/_rels/workbook.xml.rels':
      '<Relationships><Relationship Id="rId1" Target="styles.xml"/><Relationship Id="rId3" Target="/xl/worksheets/data.xml"/></Relationships>',
    'xl/sharedStrings.xml': `<sst ${NS}><si><t>Name</t></si><si><r><t>Ri</t></r><r><t xml:space="preserve">ch </t></r></si></sst>`,
    'xl/styles.xml': `<styleSheet ${NS}><fonts count="2"><font><sz val="11"/></font><font><b/><sz val="11"/></font></fonts><cellXfs count="2"><xf fontId="0"/><xf fontId="1"/></cellXfs></styleSheet>`,
    'xl/worksheets/data.xml': sheet,
  };
  return zipSync(Object.fromEntries(Object.entries(parts).map(([name, xml]) => [name, strToU8(xml)])));
}

describe('readXlsx', () => {
  it('reads shared, inline and formula-result strings, numbers, gaps and the sheet’s settings', () => {
    const book = readXlsx(
      workbook(
        `<worksheet ${NS}><sheetViews><sheetView><pane ySplit="1" state="frozen"/></sheetView></sheetViews>` +
          '<cols><col min="1" max="2" width="20" customWidth="1"/></cols><sheetData>' +
          '<row r="1"><c r="A1" s="1" t="s"><v>0</v></c><c r="B1" s="1" t="inlineStr"><is><t>Count &amp; more</t></is></c></row>' +
          '<row r="2"><c r="A2" t="s"><v>1</v></c><c r="C2"><v>-1.5</v></c><c r="D2" t="str"><v>&lt;x&gt;&#10;</v></c><c r="E2" s="1"/></row>' +
          '</sheetData></worksheet>',
      ),
    );
    expect(book.sheetName).toBe('R&D');
    expect(book.rows).toEqual([
      ['Name', 'Count & more'],
      ['Rich ', null, -1.5, '<x>\n', null],
    ]);
    expect(book.headerBold).toBe(true);
    expect(book.frozenRows).toBe(1);
    expect(book.widths).toEqual([20, 20]);
  });

  it('tells a plain header row and an unfrozen sheet', () => {
    const book = readXlsx(
      workbook(`<worksheet ${NS}><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c></row></sheetData></worksheet>`),
    );
    expect(book.headerBold).toBe(false);
    expect(book.frozenRows).toBe(0);
  });
});
