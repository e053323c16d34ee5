// Stamps: the stamp picker, the Image tool's settings (hold or right-click its button: the
// toolbar has no room for one more button at a tablet's width). A standard stamp (Approved,
// Draft…), a custom text stamp (its text with the user's name and today's date) or one of the
// user's own images; with "Keep size when zooming" the stamp is flagged NoZoom. Choosing one
// arms the placing tool (tools/image.js: the engine places it where the next tap or drag
// goes) with the stamp's fields, the same `stamp` JSON the API and the CLI take
// (docs/annotations-json.md).
// The pictures are the engine's: each named stamp is drawn by overlay.js from the engine's
// `stampLabel`, as the saved appearance draws it.

import { html, svg } from '../svg.js';
import { drawAnnotation, imageURL } from '../overlay.js';
import { call } from '../engine.js';
import { section, toggle, action, refreshPopover, closePopover } from '../popover.js';
import { storedUserName } from '../identity.js';
import { readImage } from './image.js';
import { t } from '../i18n.js';

/** The standard stamp names of ISO 32000-2, 12.5.6.12, in the order the picker shows them. */
export const STANDARD_STAMPS = [
  'Approved', 'NotApproved', 'Draft', 'Final', 'Confidential', 'TopSecret', 'ForComment', 'Experimental',
  'AsIs', 'Expired', 'Sold', 'Departmental', 'ForPublicRelease', 'NotForPublicRelease',
];

const PREVIEW_HEIGHT = 30; // CSS px of a preview in the picker

/** What the picker remembers while the page is open (the images are not kept across reloads). */
const state = { keepSize: false, text: t('stamp.defaultText'), withName: true, withDate: true, images: [] };

/** Today's date in the user's time zone, as YYYY-MM-DD (the form the stamp carries). */
export function today(now = new Date()) {
  const pad = (n) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The /Name of a custom stamp: its text, then the user's name and today's date when chosen. */
export function customStampName({ text, withName, withDate }, user = storedUserName(), date = today()) {
  return [text.trim(), withName && user ? user : '', withDate ? date : ''].filter(Boolean).join(', ');
}

/**
 * The size [width, height] a text stamp is placed at when tapped: the engine's `stampSize`,
 * wide enough for its title as the appearance draws it (its width in the stamp's font).
 */
const textStampSize = (name) => call({ call: 'stampSize', name }).size;

/** A named stamp drawn by the overlay (the engine's label) at `size`, as a small picture. */
function preview(name, [w, h]) {
  const drawing = drawAnnotation({ type: 'stamp', name, rect: [0, 0, w, h] });
  return svg('svg', { viewBox: `0 0 ${w} ${h}`, width: Math.round(PREVIEW_HEIGHT * w / h), height: PREVIEW_HEIGHT, role: 'img', 'aria-hidden': 'true' },
    [svg('g', { transform: `matrix(1 0 0 -1 0 ${h})` }, [drawing])]);
}

/** The flags of a new stamp: NoZoom when it keeps its size on screen. */
const flags = () => (state.keepSize ? { flags: ['print', 'noZoom'] } : {});

/**
 * The stamp picker's sections (the Image tool's settings popover).
 * @param {import('../editor.js').Editor} editor
 */
export function stampPicker(editor) {
  const place = (fields, size, what) => {
    closePopover();
    editor.tools.image.arm({ ...fields, ...flags() }, size);
    editor.setTool('image');
    editor.status(t('stamp.placeHint', { what }));
  };

  const standard = html('div', { class: 'stamp-choices', role: 'group', 'aria-label': t('stamp.standardStamps') });
  for (const name of STANDARD_STAMPS) {
    const size = textStampSize(name);
    const title = call({ call: 'stampLabel', name, rect: [0, 0, ...size] }).title;
    standard.append(html('button', {
      type: 'button', class: 'stamp-choice', 'data-stamp': name, 'aria-label': title, title,
      onclick: () => place({ name }, size, t('stamp.theNamedStamp', { name: title })),
    }, [preview(name, size)]));
  }

  // The custom stamp's picture follows what is typed.
  const customPreview = html('div', { class: 'stamp-custom-preview' });
  const showCustom = () => {
    const name = customStampName(state);
    customPreview.replaceChildren(...(name ? [preview(name, textStampSize(name))] : []));
  };
  showCustom();
  const text = html('input', { type: 'text', class: 'stamp-text', 'aria-label': t('stamp.text'), maxlength: 60, value: state.text });
  text.addEventListener('input', () => { state.text = text.value; showCustom(); });
  text.addEventListener('keydown', (e) => e.stopPropagation());
  const placeCustom = () => {
    const name = customStampName(state);
    if (name) place({ name }, textStampSize(name), t('stamp.theStamp'));
    else editor.status(t('stamp.needsText'), true);
  };

  const picker = html('input', { type: 'file', class: 'stamp-image-picker', accept: 'image/*,.heic,.heif,.webp,.gif,.tif,.tiff', hidden: '' });
  picker.addEventListener('change', async () => {
    const file = picker.files?.[0];
    if (!file) return;
    try {
      state.images.push(await readImage(file));
      refreshPopover();
    } catch (error) {
      editor.status(t('status.imageUnreadable', { reason: error.message }), true);
    }
  });
  const images = html('div', { class: 'stamp-choices', role: 'group', 'aria-label': t('stamp.yourImages') }, state.images.map((image, i) => html('button', {
    type: 'button', class: 'stamp-choice stamp-image', 'data-image': String(i), 'aria-label': image.name, title: image.name,
    onclick: () => place({ name: 'Image', image: image.base64 }, [image.width, image.height], t('stamp.theImage')),
  }, [html('img', { src: imageURL(image.base64), alt: '', height: PREVIEW_HEIGHT })])));

  return [
    section(t('stamp.standard'), standard),
    section(t('stamp.custom'), text,
      toggle(storedUserName() ? t('stamp.addName', { name: storedUserName() }) : t('stamp.addNameNone'), state.withName, (v) => { state.withName = v; showCustom(); }),
      toggle(t('stamp.addDate', { date: today() }), state.withDate, (v) => { state.withDate = v; showCustom(); }),
      customPreview,
      action(t('stamp.placeCustom'), placeCustom)),
    section(t('stamp.yourImages'), images, picker, action(t('stamp.chooseImage'), () => { picker.value = ''; picker.click(); })),
    section(t('settings.options'), toggle(t('selection.keepSize'), state.keepSize, (v) => { state.keepSize = v; }),
      html('p', { class: 'hint', text: t('stamp.keepSizeHint') })),
  ];
}
