// Image: pick a PNG or JPEG, then tap (or drag a width) on a page to place it as an image
// stamp. Afterwards the select tool moves it and resizes it keeping its aspect ratio.

import { newId } from '../model.js';
import { svg } from '../svg.js';
import { normRect } from '../geometry.js';

/** Reads a File as {base64, width, height}. */
export async function readImage(file) {
  const buffer = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < buffer.length; i += 0x8000) binary += String.fromCharCode(...buffer.subarray(i, i + 0x8000));
  const bitmap = await createImageBitmap(file);
  const result = { base64: btoa(binary), width: bitmap.width, height: bitmap.height, name: file.name };
  bitmap.close?.();
  return result;
}

/** @param {import('../editor.js').Editor} editor */
export function createImageTool(editor) {
  let image = null;  // the picked image waiting to be placed
  let drag = null;

  function rectFor(start, end) {
    const aspect = image.height / image.width;
    let width = Math.abs(end[0] - start[0]);
    if (width < 10) width = Math.min(image.width, 200 / editor.viewer.zoom * 1.5);
    return normRect([start[0], start[1] - width * aspect, start[0] + width, start[1]]);
  }

  return {
    name: 'image',
    label: 'Image',
    cursor: 'copy',
    /** Arms the tool with a picked image. */
    setImage(picked) { image = picked; },
    begin(input) {
      if (!image) { editor.pickImage(); return false; }
      const outline = svg('rect', { class: 'drag-outline' });
      editor.viewer.views[input.pageIndex].overlay.preview.append(outline);
      drag = { pageIndex: input.pageIndex, start: input.point, end: input.point, outline };
      this.move([input]);
    },
    move(committed) {
      if (!drag || !committed.length) return;
      drag.end = committed[committed.length - 1].point;
      const [x1, y1, x2, y2] = rectFor(drag.start, drag.end);
      Object.entries({ x: x1, y: y1, width: x2 - x1, height: y2 - y1 }).forEach(([k, v]) => drag.outline.setAttribute(k, v));
    },
    async end() {
      if (!drag) return;
      const done = drag;
      drag = null;
      done.outline.remove();
      const annotation = {
        id: newId(), type: 'stamp', pageIndex: done.pageIndex,
        rect: rectFor(done.start, done.end), name: 'Image', image: image.base64,
      };
      image = null;
      editor.status('');
      await editor.session.command({ type: 'add', annotation });
      editor.setTool('select');
      editor.select(annotation.id);
    },
    cancel() { drag?.outline.remove(); drag = null; },
  };
}
