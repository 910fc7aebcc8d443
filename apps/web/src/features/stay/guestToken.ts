/** The shape of a stay's guest link token (as the contract takes it); anything else is not one. */
const TOKEN = /^[A-Za-z0-9_.-]{16,200}$/;

export function parseGuestToken(raw: string | null): string | undefined {
  const token = raw?.trim();
  return token && TOKEN.test(token) ? token : undefined;
}

/** The stay a token names (its first part), to remember per stay what the guest chose. */
export function stayOfToken(token: string): string {
  return token.split('.')[0] ?? '';
}

/** A code read digit by digit by a screen reader ("4 8 2 9"), not as one number. */
export function spokenDigits(code: string): string {
  return code.split('').join(' ');
}
