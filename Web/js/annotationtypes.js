// What the editor calls each annotation type (the engine's `type` names) wherever it names
// one to people: the annotation list and its filter, and the screen reader's name of an
// annotation reached with Tab.

const TYPE_LABELS = {
  ink: 'Ink', square: 'Rectangle', circle: 'Ellipse', line: 'Line', polygon: 'Polygon', polyline: 'Polyline',
  freeText: 'Text box', note: 'Note', stamp: 'Stamp', highlight: 'Highlight', underline: 'Underline',
  strikeOut: 'Strike-out', squiggly: 'Squiggly', redact: 'Redaction mark', caret: 'Caret', fileAttachment: 'File attachment', sound: 'Sound',
};

/** The label of an annotation type; the type itself when it has none. */
export const typeLabel = (type) => TYPE_LABELS[type] ?? type;
