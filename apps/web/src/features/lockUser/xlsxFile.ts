import type { Sheet } from '@smartlock/contract';
import { xlsxStream } from '@smartlock/contract/sheet/xlsxWriter';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * A one-sheet .xlsx workbook as a Blob, from the contract's writer (the one the server's record
 * export streams): its chunks gathered as they are deflated. The export page imports this module
 * when a user starts an export, so the writer and fflate are loaded then, and no route carries
 * them before.
 */
export async function xlsxFile(sheet: Sheet): Promise<Blob> {
  const chunks: BlobPart[] = [];
  for await (const chunk of xlsxStream(sheet)) chunks.push(chunk as BlobPart);
  return new Blob(chunks, { type: XLSX_TYPE });
}
