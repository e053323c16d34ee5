// What the editor calls each annotation type (the engine's `type` names) wherever it names
// one to people: the annotation list and its filter, and the screen reader's name of an
// annotation reached with Tab.

import { t } from './i18n.js';

const TYPE_LABELS = {
  ink: t('type.ink'), square: t('type.square'), circle: t('type.circle'), line: t('type.line'), polygon: t('type.polygon'), polyline: t('type.polyline'),
  freeText: t('type.freeText'), note: t('type.note'), stamp: t('type.stamp'), highlight: t('type.highlight'), underline: t('type.underline'),
  strikeOut: t('type.strikeOut'), squiggly: t('type.squiggly'), redact: t('type.redact'), caret: t('type.caret'), fileAttachment: t('type.fileAttachment'), sound: t('type.sound'),
};

/** The label of an annotation type; the type itself when it has none. */
export const typeLabel = (type) => TYPE_LABELS[type] ?? type;
