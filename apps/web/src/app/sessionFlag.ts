/** Set when the session ended under the user (login expired, redirect to the root); the login screen shows the notice once. */
const FLAG = 'sl.loggedOut';

export function markLoggedOut(): void {
  sessionStorage.setItem(FLAG, '1');
}

export function takeLoggedOutFlag(): boolean {
  const set = sessionStorage.getItem(FLAG) === '1';
  sessionStorage.removeItem(FLAG);
  return set;
}
