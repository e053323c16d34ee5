// The Sign tool's saved signatures and initials, kept in this browser (localStorage), so a
// reload and the other tabs of this browser have them. Each is `{id, kind: "drawn"|"typed"|
// "image", role: "signature"|"initials", label, strokes? (drawn: the pad's samples),
// image?, width?, height? (typed and image: a PNG or JPEG, base64, and its pixel size)}`.
// Limits are said, never passed silently: at most MAX_SAVED, an image at most MAX_IMAGE_BYTES.

import { t } from './i18n.js';

const KEY = 'marginalia.signatures.v1';
/** The most signatures and initials kept together. */
export const MAX_SAVED = 20;
/** The largest image file a signature may be (its bytes). */
export const MAX_IMAGE_BYTES = 512 * 1024;

function readAll() {
  try {
    const list = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(list) ? list.filter((s) => s && typeof s.id === 'string') : [];
  } catch {
    return [];
  }
}

function writeAll(list) {
  try {
    localStorage.setItem(KEY, JSON.stringify(list));
  } catch (error) {
    throw new Error(t('savedSignatures.refused', { reason: error.name }));
  }
}

/** The saved signatures of `role` ("signature" or "initials"), oldest first. */
export function savedSignatures(role) {
  return readAll().filter((s) => s.role === role);
}

/** Keeps `signature` (without an id: one is given) and answers it with its id. */
export async function saveSignature(signature) {
  const list = readAll();
  if (list.length >= MAX_SAVED) throw new Error(t('savedSignatures.full', { count: MAX_SAVED }));
  if (signature.image && signature.image.length * 3 / 4 > MAX_IMAGE_BYTES) {
    throw new Error(t('savedSignatures.imageTooLarge', { size: MAX_IMAGE_BYTES / 1024 }));
  }
  const saved = { ...signature, id: crypto.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}` };
  writeAll([...list, saved]);
  return saved;
}

/** Forgets the saved signature `id`. */
export function removeSignature(id) {
  writeAll(readAll().filter((s) => s.id !== id));
}
