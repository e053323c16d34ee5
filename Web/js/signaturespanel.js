// The Signatures panel (Sign → Digital signatures…): the document's digital signatures as the server's engine checks them
// (`GET …/signatures`, the code of `marginalia signatures`; docs/signatures.md): for each,
// who signed, when (and the time-stamp's time), whether the signed bytes are intact, the DocMDP level of a certification
// and what was appended after it. Reading only: signing digitally is the CLI's.

import * as api from './api.js';
import { html } from './svg.js';
import { openPopover } from './popover.js';

/** The common name of an RFC 2253 subject (`CN=Ana Silva,O=…`), else the whole subject. */
export function signerName(subject) {
  if (!subject) return 'Unknown signer';
  const match = /(?:^|,)\s*CN=((?:\\.|[^,\\])*)/.exec(subject);
  return match ? match[1].replace(/\\(.)/g, '$1') : subject;
}

/** `D:20261205063000+01'00'` as `2026-12-05 06:30:00 +01:00` (the text as written otherwise). */
export function pdfDate(text) {
  const m = /^D:(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?(Z|[+-]\d{2}'?\d{2}'?)?/.exec(text ?? '');
  if (!m) return text ?? 'not given';
  const zone = !m[7] ? '' : m[7] === 'Z' ? ' UTC' : ` ${m[7].slice(0, 3)}:${m[7].replace(/'/g, '').slice(3, 5)}`;
  return `${m[1]}-${m[2] ?? '01'}-${m[3] ?? '01'} ${m[4] ?? '00'}:${m[5] ?? '00'}:${m[6] ?? '00'}${zone}`;
}

const DOCMDP = { 1: 'no changes allowed', 2: 'form filling and signing allowed', 3: 'form filling, signing and annotations allowed' };

/** What was appended after a signature, counted by kind: "2 annotation Square, 1 page". */
function changesText(changes) {
  if (!changes.length) return 'Nothing was changed after signing.';
  const counts = new Map();
  for (const change of changes) {
    const what = change.detail ? `${change.kind} ${change.detail}` : change.kind;
    counts.set(what, (counts.get(what) ?? 0) + 1);
  }
  return `Changed after signing: ${[...counts].map(([what, n]) => `${n} ${what}`).join(', ')}.`;
}

/** A signature time-stamp (B-T): its time, and whether it stamps this signature. */
function timestampText(signature) {
  if (!signature.timestampTime) return 'unreadable';
  const time = signature.timestampTime.replace('T', ' ').replace('Z', ' UTC');
  return `${time} (${signature.timestampValid ? 'valid' : 'NOT valid'})`;
}

/** One signature's entry. */
function entry(signature) {
  const rows = [
    ['Signer', signerName(signature.signer)],
    ['Signed', pdfDate(signature.signingTime ?? signature.cmsSigningTime)],
    ...(signature.timestamp ? [['Time-stamped', timestampText(signature)]] : []),
    ['Signed bytes', signature.intact ? 'intact' : `NOT intact${signature.problem ? ` (${signature.problem})` : ''}`],
    ['Certification', signature.docMDP ? `DocMDP P=${signature.docMDP}: ${DOCMDP[signature.docMDP]}` : 'none (an approval signature)'],
  ];
  if (signature.reason) rows.push(['Reason', signature.reason]);
  if (signature.location) rows.push(['Location', signature.location]);
  rows.push(['Revision', signature.revision ? `${signature.revision} of ${signature.revisionCount}` : 'unknown']);
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
    editor.status(`The signatures could not be checked: ${error.message}`, true);
    return;
  }
  openPopover(anchor, 'Digital signatures', () => [signatures.length
    ? html('ul', { class: 'signature-list', role: 'list' }, signatures.map(entry))
    : html('p', { class: 'signature-empty', text: 'This document has no digital signatures.' })]);
}
