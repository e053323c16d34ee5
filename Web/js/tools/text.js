// Text: the engine decides where a text box goes (a drag's rect, or a line at a tap) and
// when a tap edits an existing box; this lays the editor over it and sends what was typed
// (a new box through the engine's `textCommand`, an edit as a `change` of the box).

import { call } from '../engine.js';
import { settings } from '../settings.js';
import { editText } from './textbox.js';
import { defaultTextColorOfType, defaultFontSizeOfType } from '../vocabulary.js';

/** @param {import('../editor.js').Editor} editor */
export function createTextTool(editor) {
  return {
    name: 'text',

    /** Types the text of a new box the engine placed; resolves with it (null if cancelled). */
    typeNew(request) {
      // The Text tool's settings as the engine keeps them (its preferences, every value
      // present and in range: TextToolSettings), the font the engine writes for `bold`.
      const t = settings.prefs.text;
      return editText(editor, request.pageIndex, request.target.rect, {
        fontSize: t.fontSize, color: t.textColor, background: t.backgroundColor ?? '',
        box: { font: call({ call: 'textToolFont', bold: t.bold }).font, border: 0, alignment: 'left' },
      });
    },

    /** Edits an existing text box in place; emptying it removes the box. */
    async editText(a) {
      const text = await editText(editor, a.pageIndex, a.rect, {
        text: a.text, fontSize: a.fontSize ?? defaultFontSizeOfType(a.type), color: a.textColor ?? defaultTextColorOfType(a.type), background: a.color ?? '',
        box: { font: a.font, border: a.width ?? 0, alignment: a.alignment ?? 'left' },
      });
      if (text === null || text === a.text) return;
      if (!text.trim()) await editor.command({ type: 'remove', ids: [a.id] });
      // The box as it is now: a move or restyle made while the text was typed (here or in
      // another tab) is kept.
      else await editor.command({ type: 'change', annotation: { ...(editor.model.annotation(a.id) ?? a), text, contents: text } });
    },
  };
}
