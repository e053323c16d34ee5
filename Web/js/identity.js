// Who uses this browser: on a server with users, the signed-in user the server names
// (GET /api/v1/me), which the server writes as the author whatever the tab sends; else the
// name they gave once (kept in localStorage). The engine writes it as the author of everything
// this tab makes and the server shows it to the others who have the document open (presence).

import { call } from './engine.js';

const NAME_KEY = 'marginalia.userName';

/** The signed-in user's name ('' on a server without users). */
let signedIn = '';

/**
 * Takes the name the server signed this browser in as (`GET /api/v1/me`; null or '' for none):
 * it becomes the author of every later command, and the editor asks for no name.
 * @param {string | null} name
 */
export function setSignedInUser(name) {
  signedIn = name ?? '';
  if (signedIn) call({ call: 'setUser', name: signedIn });
}

/** Whether the server signed this browser in as a user (then the name is not the user's to change). */
export const isSignedIn = () => signedIn !== '';

/** The user's name: the signed-in user's, else the one kept in this browser ('' when never given). */
export function storedUserName() {
  if (signedIn) return signedIn;
  try { return localStorage.getItem(NAME_KEY) ?? ''; } catch { return ''; }
}

/** Keeps the user's name in this browser and makes it the author of every later command. */
export function setUserName(name) {
  const trimmed = name.trim();
  try { localStorage.setItem(NAME_KEY, trimmed); } catch { /* storage refused: kept for this page */ }
  call({ call: 'setUser', name: trimmed });
  return trimmed;
}
