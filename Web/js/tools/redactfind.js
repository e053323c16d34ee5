// "Find and mark every match" for redaction: a button in the find bar that marks every
// match shown (words, a regular expression or a preset such as e-mail addresses; the server's
// engine finds them, find.js shows them) as redaction marks, one command and so one step to
// undo (docs/redaction.md, "Marking in the editor").

import { html } from '../svg.js';
import { t } from '../i18n.js';

/**
 * Adds the find bar's "Mark all" button.
 * @param {import('../editor.js').Editor} editor
 * @param {ReturnType<typeof import('../find.js').installFind>} find
 */
export function installRedactFind(editor, find) {
  const button = html('button', {
    type: 'button', class: 'find-redact', title: t('redact.markAllTitle'), text: t('redact.markAll'),
    'aria-label': t('redact.markAllTitle'),
  });
  button.addEventListener('click', async () => {
    if (!find.isCurrent()) { editor.status(t('redact.waitForSearch')); return; }
    button.disabled = true;
    try {
      await editor.tools.redact.markAll(find.matches());
    } finally {
      button.disabled = false;
    }
  });
  find.bar.querySelector('.find-count').before(button);
}
