// Image: pick a PNG or JPEG; the engine places it where the Image tool taps or drags (its
// natural size or the dragged width, proportions kept, on the page), and this sends the
// image stamp with its bytes, then selects it (Select is the tool after placing).

import { call } from '../engine.js';

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
  return {
    name: 'image',

    /** Arms the tool with a picked image (the engine learns its pixel size). */
    setImage(picked) {
      image = picked;
      call({ call: 'setImageToPlace', size: [picked.width, picked.height] });
    },

    /** The engine placed the image at `rect` on page `pageIndex`. */
    async place(pageIndex, rect) {
      if (!image) return;
      const picked = image;
      image = null;
      editor.status('');
      await editor.commandAndSelect({
        type: 'add', annotation: { type: 'stamp', pageIndex, rect, name: 'Image', image: picked.base64 },
      });
    },
  };
}
