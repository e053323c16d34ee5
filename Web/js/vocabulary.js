// The annotation vocabulary: each kind's PDF subtype, annotation JSON `type`, XFDF element,
// label key, capabilities and defaults, and the review states, asked of the engine once (its
// `annotationVocabulary` call: the one table,
// Sources/MarginaliaCore/Annotations/AnnotationVocabulary.swift). The editor
// names a kind only through these lookups, never with a table of its own (docs/engine.md,
// "The vocabulary table").

import { call } from './engine.js';

/** @type {{kinds: {subtype: string, type: string, xfdf: ?string, labelKey: ?string, label: string, modelled: boolean, drawnWithoutAppearance: boolean, defaultColor: ?string, defaultTextColor: ?string, defaultFontSize: ?number, defaultOpacity: number, defaultFill: ?string, capabilities: string[]}[], reviewStates: string[]} | null} */
let vocabulary = null;

/** The engine's answer (asked on first use; the engine must be loaded). */
function answer() {
  vocabulary ??= call({ call: 'annotationVocabulary' });
  return vocabulary;
}

/** The table's rows. */
const table = () => answer().kinds;

/** The row of an annotation JSON `type`, or null for a type the table lacks. */
export const kindOfType = (type) => table().find((k) => k.type === type) ?? null;

/**
 * Whether a property may be set on an annotation of JSON `type`: `capability` is one of the
 * table's capability names (`interiorColor`, `lineEndings`...); false for a type the table lacks.
 */
export const typeHasCapability = (type, capability) => kindOfType(type)?.capabilities.includes(capability) ?? false;

/**
 * The colour (`#RRGGBB`) an annotation of JSON `type` that names none is painted in, as its
 * appearance stream paints it (the table's `defaultColor`); null where it has none.
 */
export const defaultColorOfType = (type) => kindOfType(type)?.defaultColor ?? null;

/**
 * The colour (`#RRGGBB`) of the text an annotation of JSON `type` writes when it names none
 * (a text box's `textColor`: the table's `defaultTextColor`); null for kinds with no such text.
 */
export const defaultTextColorOfType = (type) => kindOfType(type)?.defaultTextColor ?? null;

/**
 * The size in points of the text an annotation of JSON `type` writes when it names none (a
 * text box's `fontSize`: the table's `defaultFontSize`); null for kinds with no such text.
 */
export const defaultFontSizeOfType = (type) => kindOfType(type)?.defaultFontSize ?? null;

/**
 * The opacity the editor's tools make a new annotation of JSON `type` with (the table's
 * `defaultOpacity`: half for a highlight); 1 for a type the table lacks.
 */
export const defaultOpacityOfType = (type) => kindOfType(type)?.defaultOpacity ?? 1;

/**
 * The interior colour (`#RRGGBB`) that stands for an annotation of JSON `type` naming none (the
 * table's `defaultFill`: what covers a redaction mark once applied); null where it has none.
 */
export const defaultFillOfType = (type) => kindOfType(type)?.defaultFill ?? null;

/**
 * The review states (`/State` of the Review model: `Accepted`, ..., `None`) in the order a
 * reviewer is offered them; their labels are the i18n catalogs' `review.state.<name>`.
 * @returns {string[]}
 */
export const reviewStates = () => answer().reviewStates;

/**
 * The annotation JSON `type` of a PDF `/Subtype` name (pdf.js's `subtype`): the table's, or
 * for a subtype the standard does not have, the name lowercased, as the server lists it.
 */
export function typeOfSubtype(subtype) {
  if (!subtype) return '';
  return table().find((k) => k.subtype === subtype)?.type ?? subtype.toLowerCase();
}
