/**
 * Hands bytes (or a Blob) to the browser as a download with a file name (an object URL on a
 * link, clicked, then let go). Shared by the lock-user and record exports.
 */
export function saveFile(data: Uint8Array | Blob, fileName: string, type: string): void {
  const blob = data instanceof Blob ? data : new Blob([data as BlobPart], { type });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
