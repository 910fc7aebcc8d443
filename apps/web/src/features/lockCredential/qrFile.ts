/** Text made safe for a file name: reserved and control characters replaced, spaces collapsed, 60 characters at most. */
function safePart(text: string): string {
  return (
    text
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we drop
      .replace(/[\u0000-\u001f\u007f<>:"/\\|?*]+/g, '_')
      .replace(/\s+/g, ' ')
      .slice(0, 60)
      .trim()
  );
}

/**
 * The file a QR code downloads as: its lock's name, then its own name (or number), made safe for
 * a file name, as a PNG ("Front door - Guest 12.png"), so codes of several locks tell apart.
 */
export function qrFileName(label: string, number: string, lockName = ''): string {
  const own = safePart(label.trim() || number.trim());
  const lock = safePart(lockName);
  const base = [lock, own].filter(Boolean).join(' - ');
  return `${base || 'qrcode'}.png`;
}
