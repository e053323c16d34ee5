// Who uses this browser: the name they gave once (kept in localStorage), which the engine
// writes as the author of everything this tab makes and the server shows to the others who
// have the document open (presence).

import { call } from './engine.js';

const NAME_KEY = 'marginalia.userName';

/** The user's name as kept in this browser ('' when never given). */
export function storedUserName() {
  try { return localStorage.getItem(NAME_KEY) ?? ''; } catch { return ''; }
}

/** Keeps the user's name in this browser and makes it the author of every later command. */
export function setUserName(name) {
  const trimmed = name.trim();
  try { localStorage.setItem(NAME_KEY, trimmed); } catch { /* storage refused: kept for this page */ }
  call({ call: 'setUser', name: trimmed });
  return trimmed;
}
