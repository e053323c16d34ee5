// The Sign tool's saved signatures and initials. Where they are kept is chosen by who uses the
// editor: a user signed in to a server with named users keeps them on the server
// (`/api/v1/me/signatures`, docs/api.md "Saved signatures"), so every browser they sign in
// from lists the same ones, and this browser's storage is not touched; anyone else keeps them
// in this browser (localStorage), so a reload and the other tabs of the browser have them.
// Each is `{id, kind: "drawn"|"typed"|"image", role: "signature"|"initials", label, strokes?
// (drawn: the pad's samples), image?, width?, height? (an image: a PNG or JPEG, base64, and its
// pixel size)}`; a typed one is its name (`label`), set in the script face when it is placed.
// Limits are said, never passed silently: the server's own, else MAX_SAVED and MAX_IMAGE_BYTES.

import { t } from './i18n.js';
import { isSignedIn } from './identity.js';
import * as api from './api.js';

const KEY = 'marginalia.signatures.v1';
/** The most signatures and initials kept together. */
export const MAX_SAVED = 20;
/** The largest image file a signature may be (its bytes). */
export const MAX_IMAGE_BYTES = 512 * 1024;
/** The one face typed signatures are set in, by the name the server knows it by. */
const TYPED_FONT = 'Z003';

/** Whether this editor keeps saved signatures on the server (decided once signed in). */
export const keptOnServer = () => isSignedIn();

/** Kept in this browser's localStorage. */
const local = {
  read() {
    try {
      const list = JSON.parse(localStorage.getItem(KEY) ?? '[]');
      return Array.isArray(list) ? list.filter((s) => s && typeof s.id === 'string') : [];
    } catch {
      return [];
    }
  },
  write(list) {
    try {
      localStorage.setItem(KEY, JSON.stringify(list));
    } catch (error) {
      throw new Error(t('savedSignatures.refused', { reason: error.name }));
    }
  },
  checkImage(signature) {
    if (signature.image && signature.image.length * 3 / 4 > MAX_IMAGE_BYTES) {
      throw new Error(t('savedSignatures.imageTooLarge', { size: MAX_IMAGE_BYTES / 1024 }));
    }
  },
  async add(signature) {
    const list = local.read();
    if (list.length >= MAX_SAVED) throw new Error(t('savedSignatures.full', { count: MAX_SAVED }));
    local.checkImage(signature);
    const saved = { ...signature, id: crypto.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}` };
    local.write([...list, saved]);
    return saved;
  },
  async replace(id, signature) {
    local.checkImage(signature);
    const list = local.read();
    const at = list.findIndex((s) => s.id === id);
    if (at < 0) throw new Error(t('savedSignatures.gone'));
    const saved = { ...signature, id };
    list[at] = saved;
    local.write(list);
    return saved;
  },
  async remove(id) {
    local.write(local.read().filter((s) => s.id !== id));
  },
};

/** The server's list as last fetched (null before the first answer) and its limits. */
const server = { list: null, limits: { maxSaved: MAX_SAVED, maxImageBytes: MAX_IMAGE_BYTES } };

/** The API's drawing of a saved signature (docs/api.md, "Saved signatures"). */
function drawingOf(signature) {
  switch (signature.kind) {
    case 'drawn': return { type: 'ink', padSize: signature.padSize, strokes: signature.strokes };
    case 'typed': return { type: 'typed', text: signature.label, font: TYPED_FONT };
    default: return { type: 'image', data: signature.image };
  }
}

/** A saved signature the API answered, as the Sign tool lists it. */
function fromServer(saved) {
  const d = saved.drawing;
  const common = { id: saved.id, role: saved.kind, label: saved.label };
  if (d.type === 'ink') return { ...common, kind: 'drawn', strokes: d.strokes };
  if (d.type === 'typed') return { ...common, kind: 'typed', label: d.text };
  return { ...common, kind: 'image', image: d.data, width: d.width, height: d.height };
}

/**
 * Asks the server for the signed-in user's saved signatures again (another browser of theirs
 * may have changed them); nothing to ask when they are kept in this browser.
 * @returns {Promise<boolean>} whether the list changed
 */
export async function reloadSavedSignatures() {
  if (!keptOnServer()) return false;
  const answer = await api.listSavedSignatures();
  const list = answer.signatures.map(fromServer);
  const changed = JSON.stringify(list) !== JSON.stringify(server.list);
  server.list = list;
  server.limits = answer.limits;
  return changed;
}

/** The saved signatures of `role` ("signature" or "initials"), oldest first (the server's as last fetched). */
export function savedSignatures(role) {
  return (keptOnServer() ? server.list ?? [] : local.read()).filter((s) => s.role === role);
}

/** The largest image a signature may be, in bytes (the server's limit when it keeps them). */
export const maxImageBytes = () => (keptOnServer() ? server.limits.maxImageBytes : MAX_IMAGE_BYTES);

/**
 * Keeps `signature` (without an id: one is given) and answers it with its id.
 * @param {object} signature with `padSize` (the pad's size) when drawn
 */
export async function saveSignature(signature) {
  if (!keptOnServer()) return local.add(signature);
  const saved = fromServer(await api.addSavedSignature({ version: 1, kind: signature.role, label: signature.label,
    drawing: drawingOf(signature) }));
  server.list = [...(server.list ?? []), saved];
  return saved;
}

/**
 * Replaces what the saved signature `id` is (its drawing, typed name or image, its label and
 * role) with `signature`, keeping its id and its place in the list; answers it as kept.
 * @param {string} id
 * @param {object} signature as {@link saveSignature} takes it
 */
export async function replaceSignature(id, signature) {
  if (!keptOnServer()) return local.replace(id, signature);
  const saved = fromServer(await api.replaceSavedSignature(id, { version: 1, kind: signature.role, label: signature.label,
    drawing: drawingOf(signature) }));
  server.list = (server.list ?? []).map((s) => (s.id === id ? saved : s));
  return saved;
}

/** Forgets the saved signature `id`. */
export async function removeSignature(id) {
  if (!keptOnServer()) return local.remove(id);
  await api.removeSavedSignature(id);
  server.list = (server.list ?? []).filter((s) => s.id !== id);
}
