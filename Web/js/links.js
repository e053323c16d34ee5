// Following a link the engine says the Select tool tapped (`followLink`): one inside the
// document goes to its page; one to the web opens in a new tab once the user has seen its
// address and agreed. pdf.js read the link (appearances.js keeps it by id).

import { t } from './i18n.js';

/** @param {import('./editor.js').Editor} editor */
export async function followLink(editor, id) {
  const link = editor.display.link(id);
  if (!link) return;
  if (link.dest !== undefined && link.dest !== null) {
    const index = await destinationPage(editor.pdf, link.dest).catch(() => null);
    if (index !== null) editor.viewer.goToPage(index);
    else editor.status(t('links.noPage'), true);
    return;
  }
  const url = link.url;
  if (!url || !/^(https?:|mailto:)/i.test(url)) {
    editor.status(t('links.notOpened', { address: link.unsafeUrl ?? url ?? t('links.noAddress') }), true);
    return;
  }
  if (window.confirm(t('links.openConfirm', { url }))) window.open(url, '_blank', 'noopener,noreferrer');
}

/** The page index a destination (named, or explicit `[page, /XYZ ...]`) points at, or null. */
async function destinationPage(pdf, dest) {
  const explicit = typeof dest === 'string' ? await pdf.getDestination(dest) : dest;
  if (!Array.isArray(explicit)) return null;
  const [target] = explicit;
  if (Number.isInteger(target)) return target;
  if (target && typeof target === 'object') return pdf.getPageIndex(target);
  return null;
}
