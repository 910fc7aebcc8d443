/**
 * Counts the rows of an export file as it downloads, chunk by chunk. The first row is the header.
 */
export interface RowCounter {
  /** Reads one more chunk; answers the data rows so far. */
  push(chunk: Uint8Array): number;
  /** The data rows once the file is complete (a CSV's last line may have no line break). */
  finish(): number;
}

/**
 * Counts the rows of a text read in chunks, each ended by `marker` (whose beginning must not
 * recur inside it); a marker split across two chunks counts once. With `lastLine`, text after
 * the last marker is one more row once the text is complete.
 */
export function createMarkerCounter(text: string, lastLine: boolean): RowCounter {
  const marker = new TextEncoder().encode(text);
  let matched = 0;
  let ends = 0;
  /** A row begun after the last marker. */
  let openLine = false;
  const rows = () => Math.max(0, ends - 1);
  return {
    push(chunk) {
      for (const byte of chunk) {
        if (byte === marker[matched]) matched++;
        else matched = byte === marker[0] ? 1 : 0;
        if (matched === marker.length) {
          ends++;
          matched = 0;
          openLine = false;
        } else {
          openLine = true;
        }
      }
      return rows();
    },
    finish() {
      if (lastLine && openLine) {
        ends++;
        openLine = false;
        matched = 0;
      }
      return rows();
    },
  };
}
