import { Inflate } from 'fflate';
import { createMarkerCounter, type RowCounter } from './markerCounter';

const SHEET = new TextEncoder().encode('xl/worksheets/sheet1.xml');
const LOCAL_HEADER = [0x50, 0x4b, 0x03, 0x04];
const STORED = 0;
const DEFLATED = 8;

type Found = { dataStart: number; method: number } | { keepFrom: number };

/**
 * Where the sheet's data starts in the first bytes of a ZIP file (after its local header: 30
 * bytes, the name, the extra field), or from where to keep the bytes while its header is not
 * all there yet.
 */
function findSheet(bytes: Uint8Array): Found {
  const at = (i: number) => bytes[i] ?? 0;
  for (let i = 0; i + 4 <= bytes.length; i++) {
    if (LOCAL_HEADER.some((byte, k) => at(i + k) !== byte)) continue;
    if (i + 30 > bytes.length) return { keepFrom: i };
    const nameLength = at(i + 26) | (at(i + 27) << 8);
    const extraLength = at(i + 28) | (at(i + 29) << 8);
    if (i + 30 + nameLength > bytes.length) return { keepFrom: i };
    if (nameLength !== SHEET.length || SHEET.some((byte, k) => at(i + 30 + k) !== byte)) continue;
    const dataStart = i + 30 + nameLength + extraLength;
    if (dataStart > bytes.length) return { keepFrom: i };
    return { dataStart, method: at(i + 8) | (at(i + 9) << 8) };
  }
  return { keepFrom: Math.max(0, bytes.length - 3) };
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

/**
 * Counts the rows of an xlsx file as it downloads, though its parts are deflated: finds the
 * worksheet's entry in the ZIP stream, inflates what follows its header (the inflater stops at
 * the end of the sheet's deflate stream and ignores the parts after it) and counts the sheet's
 * `</row>`s. A stored sheet is counted as it is.
 */
export function createXlsxRowCounter(): RowCounter {
  const rows = createMarkerCounter('</row>', false);
  let count = 0;
  /** The bytes read before the sheet's data, kept while its header is incomplete. */
  let head: Uint8Array = new Uint8Array(0);
  let sheet: ((chunk: Uint8Array) => void) | undefined;

  const start = (method: number): ((chunk: Uint8Array) => void) => {
    if (method === STORED) {
      return (chunk) => {
        count = rows.push(chunk);
      };
    }
    if (method !== DEFLATED) return () => {};
    let failed = false;
    const inflater = new Inflate((data) => {
      count = rows.push(data);
    });
    return (chunk) => {
      if (failed) return;
      try {
        inflater.push(chunk);
      } catch {
        // Not a deflate stream after all: the count stays where it was.
        failed = true;
      }
    };
  };

  return {
    push(chunk) {
      if (sheet) {
        sheet(chunk);
        return count;
      }
      head = head.length > 0 ? concat(head, chunk) : chunk;
      const found = findSheet(head);
      if ('keepFrom' in found) {
        head = head.slice(found.keepFrom);
        return count;
      }
      sheet = start(found.method);
      sheet(head.subarray(found.dataStart));
      head = new Uint8Array(0);
      return count;
    },
    finish() {
      return rows.finish();
    },
  };
}
