// Note icons as the engine draws them (`noteIcon`: NoteIcon.marks, the same marks the note's
// appearance stream paints): the sticky notes on the page and the Note settings' icon picker.

import { call } from './engine.js';
import { html, svg } from './svg.js';
import { t } from './i18n.js';

/** The standard icons (PDF /Name), with their labels. */
export const NOTE_ICONS = {
  Note: t('noteIcon.note'), Comment: t('noteIcon.comment'), Key: t('noteIcon.key'), Help: t('noteIcon.help'), NewParagraph: t('noteIcon.newParagraph'), Paragraph: t('noteIcon.paragraph'), Insert: t('noteIcon.insert'),
};

const cache = new Map();

/** The engine's drawing of the icon `name` (a name outside the set draws as Note). */
function drawing(name) {
  if (!cache.has(name)) cache.set(name, call({ call: 'noteIcon', icon: name }));
  return cache.get(name);
}

/**
 * The icon `name` filling a w x h box (y down, origin at its top-left), its body in `color`:
 * the engine's 20-point drawing (y up) scaled into the box.
 */
export function noteIconShapes(name, color, w, h) {
  const { marks, ink } = drawing(name || 'Note');
  const paths = marks.map(({ d, paint, width, cap }) => svg('path', {
    d, 'data-paint': paint, 'stroke-linejoin': 'round', 'stroke-linecap': cap,
    fill: paint === 'line' ? 'none' : paint === 'dot' ? ink : color,
    stroke: paint === 'dot' ? 'none' : ink, 'stroke-width': width,
  }));
  return svg('g', { class: 'note-icon', 'data-icon': drawing(name || 'Note').icon, transform: `matrix(${w / 20} 0 0 ${-h / 20} 0 ${h})` }, paths);
}

/** One button per icon, each showing it in the note colour; `onPick(name)`. */
export function noteIconPicker(current, color, onPick) {
  const row = html('div', { class: 'note-icon-picker', role: 'radiogroup', 'aria-label': t('note.icon') });
  for (const [name, label] of Object.entries(NOTE_ICONS)) {
    const on = (current ?? 'Note') === name;
    row.append(html('button', {
      type: 'button', role: 'radio', class: `note-icon-choice${on ? ' on' : ''}`, 'aria-checked': String(on), 'aria-label': label,
      title: label, 'data-icon': name, onclick: () => onPick(name),
    }, [svg('svg', { viewBox: '-1 -1 22 22', width: 30, height: 30, role: 'img', 'aria-hidden': 'true' }, [noteIconShapes(name, color, 20, 20)])]));
  }
  return row;
}
