/** The file a QR code downloads as: its name (or number) made safe for a file name, as a PNG. */
export function qrFileName(label: string, number: string): string {
  const base = (label.trim() || number.trim() || 'qrcode')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we drop
    .replace(/[\u0000-\u001f\u007f<>:"/\\|?*]+/g, '_')
    .replace(/\s+/g, ' ')
    .slice(0, 60)
    .trim();
  return `${base || 'qrcode'}.png`;
}
