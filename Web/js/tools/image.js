// Image: pick an image; the engine places it where the Image tool taps or drags (its
// natural size or the dragged width, proportions kept, on the page), and this sends the
// image stamp with its bytes, then selects it (Select is the tool after placing) and asks for
// its description (alt text: tools/select.js, docs/accessibility.md). The Stamp
// picker (tools/stamp.js) arms the same tool with a named stamp or a flagged one, the Sign
// tool (tools/sign.js) with a signature.

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
  let make = null;  // what the next placement adds: (pageIndex, rect) => annotation
  let handOver = null;  // or who takes the place instead of an annotation: (pageIndex, rect) => Promise
  const tool = {
    name: 'image',

    /**
     * Arms the tool with a stamp's fields (`name`, and `image`, `flags`, `contents` when it
     * has them) and the size it takes when tapped (an image's pixel size), which the engine
     * learns: it places the stamp with those proportions.
     */
    arm(fields, size) {
      tool.armWith(size, (pageIndex, rect) => ({ type: 'stamp', pageIndex, rect, ...fields }));
    },

    /**
     * Arms the tool with any annotation made for the place the engine gives (the Sign tool's
     * drawn signature, ink), placed with the proportions of `size`.
     */
    armWith([width, height], build) {
      make = build;
      handOver = null;
      call({ call: 'setImageToPlace', size: [width, height] });
    },

    /**
     * Arms the tool to give the place the engine picks to `onPlace(pageIndex, rect)` and add
     * nothing (the Sign tool's "Sign with my certificate", where the server writes the field).
     */
    armPlacing(size, onPlace) {
      tool.armWith(size, null);
      handOver = onPlace;
    },

    /** Arms the tool with a picked image. */
    setImage(picked) {
      tool.arm({ name: 'Image', image: picked.base64 }, [picked.width, picked.height]);
    },

    /** The engine placed the stamp at `rect` on page `pageIndex`. */
    async place(pageIndex, rect) {
      if (handOver) {
        const taker = handOver;
        handOver = null;
        editor.status('');
        await taker(pageIndex, rect);
        return;
      }
      if (!make) return;
      const build = make;
      make = null;
      editor.status('');
      // Placed and selected: its description is asked for (a stamp, image or signature).
      if (await editor.commandAndSelect({ type: 'add', annotation: build(pageIndex, rect) })) {
        editor.tools.select.askAltText(editor.selection().ids[0]);
      }
    },
  };
  return tool;
}
