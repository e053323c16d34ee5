// What a certified document allows (docs/signatures.md, "Certified documents"). The server
// answers it with the document (`certification` of GET /api/v1/documents/{id}: the engine's
// DocMDP rules, the ones it checks every edit against), and the engine says which change each
// tool makes (its `toolChanges`, EditorTool.certifiedChange); this module greys the tools and
// actions whose change the document does not allow.

import { t } from './i18n.js';
import { call } from './engine.js';

/** Each tool's change, `{tool: 'annotations'|'formFilling'|null}`, asked of the engine once. */
let toolChanges = null;

/** The change tool `name` makes, which its certification must allow; null for none (Select). */
function toolChange(name) {
  toolChanges ??= call({ call: 'toolChanges' }).tools;
  return toolChanges[name] ?? null;
}

/**
 * Why the open document refuses `need` ('annotations', 'formFilling' or 'pages'), one
 * sentence for the user; null when it allows it (or nobody certified it).
 * @param {{certification?: {allows: Object<string, boolean>, message: string}|null}|null} summary
 * @param {string} need
 */
export function certificationRefusal(summary, need) {
  const certification = summary?.certification;
  if (!certification || certification.allows[need]) return null;
  return t(`certification.${need}`, { reason: certification.message });
}

/**
 * Why the open document refuses tool `name`; null when it allows it. The engine is asked only
 * for a certified document (one is open, so the engine is loaded).
 */
export function toolRefusal(summary, name) {
  if (!summary?.certification) return null;
  const change = toolChange(name);
  return change ? certificationRefusal(summary, change) : null;
}

/**
 * Greys the buttons of the tools the document does not allow (`aria-disabled`, a class, the
 * reason as their title), and gives back their own titles to the rest. `buttons` maps a tool
 * name to its toolbar button.
 */
export function showCertification(summary, buttons) {
  for (const [name, button] of Object.entries(buttons)) {
    const refusal = toolRefusal(summary, name);
    button.dataset.ownTitle ??= button.title;
    button.classList.toggle('refused', !!refusal);
    if (refusal) button.setAttribute('aria-disabled', 'true');
    else button.removeAttribute('aria-disabled');
    button.title = refusal ?? button.dataset.ownTitle;
  }
}
