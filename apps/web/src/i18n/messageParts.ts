/**
 * The console's messages come in parts per language: the public part (sign-in, errors, the
 * frame of every screen) loads with the page; the screens part (the public maps and unlock
 * links, whose words the console shows too) with those screens and the console; the console
 * part (the namespaces of the signed-in screens) with the console's first screen. So the login
 * page does not carry every screen's words; the server's own words go in none. build/messageParts.ts
 * cuts the catalogues at build time.
 */
export type MessagePart = 'public' | 'screens' | 'console';

export const MESSAGE_PARTS: readonly MessagePart[] = ['public', 'screens', 'console'];

/** The namespaces of the public maps, the unlock-link screen and a stay's guest page. */
export const SCREEN_NAMESPACES: readonly string[] = ['map', 'stayGuest', 'unlockLink'];

/** The namespaces only signed-in screens use (console catalogue and contract messages alike). */
export const CONSOLE_NAMESPACES: readonly string[] = [
  'access',
  'account',
  'admin',
  'alert',
  'alerts',
  'audit',
  'commerce',
  'credential',
  'credentialKind',
  'credentialSync',
  'developer',
  'driver',
  'ekey',
  'gateway',
  'group',
  'hotel',
  'lock',
  'lockAccess',
  'lockDetail',
  'lockList',
  'lockRecord',
  'lockTransfer',
  'lockUser',
  'order',
  'passage',
  'passcode',
  'photo',
  'records',
  'remote',
  'review',
  'revoke',
  'sandbox',
  'service',
  'settings',
  'signal',
  'stayFeed',
  'stays',
  'stayInstructions',
  'template',
  'transfer',
  'validity',
  'vip',
  'webhooks',
];

/**
 * The contract's namespaces only the server reads: the words of the email and SMS it sends
 * (`notices`). The browser never shows them, so no part carries them.
 */
export const SERVER_NAMESPACES: readonly string[] = ['notices'];

const CONSOLE = new Set(CONSOLE_NAMESPACES);
const SCREENS = new Set(SCREEN_NAMESPACES);
const SERVER = new Set(SERVER_NAMESPACES);

function partOf(namespace: string): MessagePart | undefined {
  if (SERVER.has(namespace)) return undefined;
  if (CONSOLE.has(namespace)) return 'console';
  return SCREENS.has(namespace) ? 'screens' : 'public';
}

/** The namespaces of one part of a catalogue. */
export function messagePart(messages: Record<string, unknown>, part: MessagePart): Record<string, unknown> {
  return Object.fromEntries(Object.entries(messages).filter(([namespace]) => partOf(namespace) === part));
}
