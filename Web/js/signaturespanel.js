// The Signatures panel (Sign → Digital signatures…): the document's digital signatures as the server's engine checks them
// (`GET …/signatures`, the code of `marginalia signatures`; docs/signatures.md): for each,
// who signed, when (and the time-stamp's time), whether the signed bytes are intact, the DocMDP level of a certification
// and what was appended after it. Reading only: signing digitally is the CLI's.

import * as api from './api.js';
import { html } from './svg.js';
import { openPopover } from './popover.js';
import { t, formatNumber } from './i18n.js';

/** The common name of an RFC 2253 subject (`CN=Ana Silva,O=…`), else the whole subject. */
export function signerName(subject) {
  if (!subject) return t('signatures.unknownSigner');
  const match = /(?:^|,)\s*CN=((?:\\.|[^,\\])*)/.exec(subject);
  return match ? match[1].replace(/\\(.)/g, '$1') : subject;
}

/** `D:20261205063000+01'00'` as `2026-12-05 06:30:00 +01:00` (the text as written otherwise). */
export function pdfDate(text) {
  const m = /^D:(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?(Z|[+-]\d{2}'?\d{2}'?)?/.exec(text ?? '');
  if (!m) return text ?? t('signatures.notGiven');
  const zone = !m[7] ? '' : m[7] === 'Z' ? ' UTC' : ` ${m[7].slice(0, 3)}:${m[7].replace(/'/g, '').slice(3, 5)}`;
  return `${m[1]}-${m[2] ?? '01'}-${m[3] ?? '01'} ${m[4] ?? '00'}:${m[5] ?? '00'}:${m[6] ?? '00'}${zone}`;
}

/**
 * What a certification allows, in the user's words, from the engine's answer (`docMDPAllows`,
 * PDFCertification's one table of what each P allows): the panel never reads it from P.
 * @param {{formFilling: boolean, annotations: boolean}} allows
 */
function allowedText(allows) {
  if (!allows.formFilling) return t('signatures.docMDP1');
  return t(allows.annotations ? 'signatures.docMDP3' : 'signatures.docMDP2');
}

/** What was appended after a signature, counted by kind: "2 annotation Square, 1 page". */
function changesText(changes) {
  if (!changes.length) return t('signatures.unchanged');
  const counts = new Map();
  for (const change of changes) {
    const what = change.detail ? `${change.kind} ${change.detail}` : change.kind;
    counts.set(what, (counts.get(what) ?? 0) + 1);
  }
  return t('signatures.changed', { changes: [...counts].map(([what, n]) => `${formatNumber(n)} ${what}`).join(', ') });
}

/** A signature time-stamp (B-T): its time, and whether it stamps this signature. */
function timestampText(signature) {
  if (!signature.timestampTime) return t('signatures.timestampUnreadable');
  const time = signature.timestampTime.replace('T', ' ').replace('Z', ' UTC');
  return t(signature.timestampValid ? 'signatures.timestampValid' : 'signatures.timestampNotValid', { time });
}

/** One signature's entry. */
function entry(signature) {
  const rows = [
    [t('signatures.signer'), signerName(signature.signer)],
    [t('signatures.signed'), pdfDate(signature.signingTime ?? signature.cmsSigningTime)],
    ...(signature.timestamp ? [[t('signatures.timestamped'), timestampText(signature)]] : []),
    [t('signatures.signedBytes'), signature.intact ? t('signatures.intact') : `${t('signatures.notIntact')}${signature.problem ? ` (${signature.problem})` : ''}`],
    [t('signatures.certification'), signature.docMDP ? `DocMDP P=${signature.docMDP}: ${allowedText(signature.docMDPAllows)}` : t('signatures.approval')],
  ];
  if (signature.reason) rows.push([t('signatures.reason'), signature.reason]);
  if (signature.location) rows.push([t('signatures.location'), signature.location]);
  rows.push([t('signatures.revision'), signature.revision ? t('signatures.revisionOf', { revision: signature.revision, total: signature.revisionCount }) : t('versions.unknownAuthor')]);
  return html('li', { class: `signature-entry ${signature.intact ? 'intact' : 'broken'}`, 'data-field': signature.field }, [
    html('div', { class: 'signature-field', text: signature.field }),
    html('dl', {}, rows.flatMap(([term, value]) => [html('dt', { text: term }), html('dd', { text: value })])),
    html('p', { class: 'signature-changes', text: changesText(signature.laterChanges ?? []) }),
  ]);
}

/**
 * Opens the panel under `anchor` (the Sign button, or More when the button is in it).
 * @param {import('./editor.js').Editor} editor
 */
export async function showSignatures(editor, anchor) {
  const id = editor.model.summary?.id;
  if (!id) return;
  let signatures;
  try {
    signatures = (await api.getSignatures(id)).signatures ?? [];
  } catch (error) {
    editor.status(t('signatures.unchecked', { reason: error.message }), true);
    return;
  }
  openPopover(anchor, t('sign.digitalSignatures'), () => [signatures.length
    ? html('ul', { class: 'signature-list', role: 'list' }, signatures.map(entry))
    : html('p', { class: 'signature-empty', text: t('signatures.none') })]);
}
