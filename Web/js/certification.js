// What a certified document allows (docs/signatures.md, "Certified documents"). The server
// answers it with the document (`certification` of GET /api/v1/documents/{id}: the engine's
// DocMDP rules, the ones it checks every edit against); this module only says which of the
// editor's tools and actions need which of its `allows`, and greys those it does not allow.

import { t } from './i18n.js';

/** What each tool makes: the change its certification must allow (Select makes none itself). */
const TOOL_NEEDS = {
  draw: 'annotations', erase: 'annotations', text: 'annotations', shape: 'annotations', image: 'annotations',
  note: 'annotations', highlight: 'annotations', redact: 'annotations', form: 'formFilling',
};

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

/** Why the open document refuses tool `name`; null when it allows it. */
export function toolRefusal(summary, name) {
  return TOOL_NEEDS[name] ? certificationRefusal(summary, TOOL_NEEDS[name]) : null;
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
