// "Sign with my certificate" (docs/signatures.md, "Signing on the server"): a named user an
// admin gave a certificate (`marginalia users certificate`) signs the document digitally with
// it from the Sign tool. The key never reaches the browser: the editor asks the server whether
// the user has one (`GET /api/v1/me/certificate`: subject, issuer, expiry, and whether this
// server may sign with it, over HTTPS), takes the place with the placing tool the saved
// signatures use (tools/image.js) and a reason, and the server signs (`POST …/sign`); the
// document then reloads (the server's `versionRestored` event) and the Signatures panel
// lists the new signature.

import * as api from './api.js';
import { html } from './svg.js';
import { section, action, closePopover, refreshPopover, popoverAnchor } from './popover.js';
import { isSignedIn } from './identity.js';
import { savedSignatures } from './savedsignatures.js';
import { signaturePicture } from './tools/sign.js';
import { showSignatures, signerName } from './signaturespanel.js';
import { t } from './i18n.js';

/** The size the signature field is placed at by a tap, in page points (its proportions kept when dragged). */
const FIELD_SIZE = [180, 60];

/** The server's last answer about the user's certificate (null: none asked, or no named user). */
let mine = null;
/** The reason typed, kept while the popover is rebuilt. */
let reason = '';
/** The id of the saved signature chosen as the signature's picture ('' for none), kept likewise. */
let picture = '';
/** The last question about the certificate, settled once its answer is shown (or its failure said). */
let checking = Promise.resolve();

/**
 * The last question about the user's certificate, settled once its answer has been taken in
 * (tests wait on it: the popover is not rebuilt for a user without a certificate).
 * @returns {Promise<void>}
 */
export const certificateChecked = () => checking;

/**
 * Asks the server again about the user's certificate when the Sign popover opens; shows the
 * answer if the popover is still open on `anchor`.
 * @param {import('./editor.js').Editor} editor
 * @param {HTMLElement} anchor the Sign button
 */
export function reloadMyCertificate(editor, anchor) {
  if (!isSignedIn()) return;
  checking = api.myCertificate().then((answer) => {
    // The section shows only for a user with a certificate: for anyone else the popover is not
    // rebuilt under their pointer (a choice tapped as the answer came would be gone).
    const shown = (about) => (about?.certificate ? JSON.stringify(about) : '');
    const changed = shown(answer) !== shown(mine);
    mine = answer;
    if (changed && popoverAnchor() === anchor) refreshPopover();
  }, (error) => editor.status(t('certSign.checkFailed', { reason: error.message }), true));
}

/**
 * The Sign popover's "Sign with my certificate" section: nothing for a user without a
 * certificate; why not, when this server may not sign with it; else the certificate, a reason
 * and the button that arms the placing.
 * @param {import('./editor.js').Editor} editor
 * @param {HTMLElement} anchor the Sign button, where the Signatures panel opens afterwards
 */
export function certificateSection(editor, anchor) {
  const certificate = mine?.certificate;
  if (!certificate) return [];
  const about = html('p', { class: 'hint certificate-subject', text: t('certSign.certificate', {
    name: signerName(certificate.subject), issuer: signerName(certificate.issuer),
    until: certificate.notAfter ? certificate.notAfter.slice(0, 10) : t('signatures.notGiven') }) });
  if (!mine.signing.available) {
    return [section(t('certSign.title'), about,
      html('p', { class: 'hint error', 'data-refusal': mine.signing.reason?.code ?? '', text: mine.signing.reason?.message ?? '' }))];
  }
  const input = html('input', { type: 'text', class: 'certificate-reason', 'aria-label': t('certSign.reason'), placeholder: t('certSign.reason'), maxlength: 500, value: reason });
  input.addEventListener('input', () => { reason = input.value; });
  input.addEventListener('keydown', (e) => e.stopPropagation());
  // A saved handwritten signature drawn beside the text (docs/signatures.md), or none.
  const saved = [...savedSignatures('signature'), ...savedSignatures('initials')];
  if (!saved.some((s) => s.id === picture)) picture = '';
  const chooser = html('select', { class: 'certificate-picture', 'aria-label': t('certSign.picture') },
    [html('option', { value: '', text: t('certSign.noPicture') }), ...saved.map((s) => html('option', { value: s.id, text: s.label }))]);
  chooser.value = picture;
  chooser.addEventListener('change', () => { picture = chooser.value; });
  chooser.addEventListener('keydown', (e) => e.stopPropagation());
  const sign = async (pageIndex, rect) => {
    const id = editor.model.summary?.id;
    editor.status(t('certSign.signing'));
    try {
      const chosen = saved.find((s) => s.id === picture);
      const image = chosen ? await signaturePicture(chosen) : null;
      const signed = await api.signWithMyCertificate(id, { page: pageIndex + 1, rect, ...(reason.trim() ? { reason: reason.trim() } : {}),
        ...(image ? { image } : {}) });
      editor.status(t('certSign.signed', { field: signed.field, version: signed.version.number }));
      await showSignatures(editor, anchor);
    } catch (error) {
      editor.status(t('certSign.failed', { reason: error.message }), true);
    }
  };
  return [section(t('certSign.title'), about, input, html('label', { class: 'certificate-picture-row' }, [t('certSign.picture'), chooser]), action(t('certSign.action'), () => {
    closePopover();
    editor.tools.image.armPlacing(FIELD_SIZE, sign);
    editor.setTool('image');
    editor.status(t('certSign.placeHint'));
  }))];
}
