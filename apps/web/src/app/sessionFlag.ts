/** Set when the session ended under the user (login expired, redirect to the root); the login screen shows the notice once. */
const FLAG = 'sl.loggedOut';

export function markLoggedOut(): void {
  sessionStorage.setItem(FLAG, '1');
}

/** Whether the flag is set; reading leaves it (a render React throws away must not lose it). */
export function loggedOutFlag(): boolean {
  return sessionStorage.getItem(FLAG) === '1';
}

/** Clears the flag once the notice is on screen. */
export function clearLoggedOutFlag(): void {
  sessionStorage.removeItem(FLAG);
}
