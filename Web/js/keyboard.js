// Keyboard shortcuts: ctrl/cmd+Z undo, ctrl/cmd+shift+Z and ctrl+Y redo, ctrl/cmd+S save,
// V/P/E/T select, draw (pen), erase and text tools, Delete/Backspace removes the selection,
// +/- zoom, 0 fits the width.

/** @param {import('./editor.js').Editor} editor */
export function installShortcuts(editor) {
  document.addEventListener('keydown', (e) => {
    const target = e.target;
    if (target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) return;
    const mod = e.ctrlKey || e.metaKey;
    const key = e.key.toLowerCase();
    let handled = true;
    if (mod && key === 'z' && !e.shiftKey) editor.undo();
    else if ((mod && key === 'z' && e.shiftKey) || (e.ctrlKey && key === 'y')) editor.redo();
    else if (mod && key === 's') editor.save();
    else if (mod && (key === '=' || key === '+')) editor.viewer.zoomBy(1.25);
    else if (mod && key === '-') editor.viewer.zoomBy(0.8);
    else if (mod || e.altKey) handled = false;
    else if (key === 'v') editor.setTool('select');
    else if (key === 'p') editor.setTool('draw');
    else if (key === 'e') editor.setTool('erase');
    else if (key === 't') editor.setTool('text');
    else if (key === 'delete' || key === 'backspace') editor.deleteSelection();
    else if (key === '+' || key === '=') editor.viewer.zoomBy(1.25);
    else if (key === '-') editor.viewer.zoomBy(0.8);
    else if (key === '0') editor.viewer.fitWidth();
    else handled = false;
    if (handled) e.preventDefault();
  });
}
