// What the editor calls each annotation type (the engine's `type` names) wherever it names
// one to people: the annotation list and its filter, and the screen reader's name of an
// annotation reached with Tab. The label's catalog key is the vocabulary table's.

import { t } from './i18n.js';
import { kindOfType } from './vocabulary.js';

/** The label of an annotation type; the type itself when it has none. */
export function typeLabel(type) {
  const key = kindOfType(type)?.labelKey;
  return key ? t(key) : type;
}
