// Image: pick an image; the engine places it where the Image tool taps or drags (its
// natural size or the dragged width, proportions kept, on the page), and this sends the
// image stamp with its bytes, then selects it (Select is the tool after placing).

import { displayableImage } from '../api.js';
import { call } from '../engine.js';

/**
 * Whether the bytes are a PNG or a JPEG: the two formats the stamp keeps as they are and the
 * overlay draws itself (`overlay.js` names the data URL's type from the same first bytes).
 */
const isPNGOrJPEG = (b) => (b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4E && b[3] === 0x47)
  || (b[0] === 0xFF && b[1] === 0xD8 && b[2] === 0xFF);

/**
 * Reads a File as {base64, width, height}. Any other format (a HEIC from an iPhone, which
 * Chromium cannot decode; WebP, GIF, TIFF) goes to the engine on the server, which answers
 * it upright as a PNG (`POST /images`), so what the page shows is what the PDF will hold.
 */
export async function readImage(file) {
  let buffer = new Uint8Array(await file.arrayBuffer());
  if (!isPNGOrJPEG(buffer)) buffer = await displayableImage(buffer);
  let binary = '';
  for (let i = 0; i < buffer.length; i += 0x8000) binary += String.fromCharCode(...buffer.subarray(i, i + 0x8000));
  const bitmap = await createImageBitmap(new Blob([buffer]));
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
