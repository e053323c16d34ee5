// Annotations as every other viewer shows them: drawn from their own appearance streams by
// pdf.js, into the page's canvas, from the file the server serves (which writes an appearance
// for every annotation it adds or changes). The SVG overlay draws only what is live: the
// selection, a text box or note being edited, what an eraser sweep touches, what changed
// since the canvas's file was fetched, and the annotations that keep their size on screen (flag
// NoZoom: notes, stamps), which the engine places (`screenPlacements`) as it hit-tests them. An annotation switches to the overlay when it becomes
// live, and the page is drawn again without it (docs/editor-web.md, "Viewing").
//
// pdf.js leaves an annotation out of a page's drawing when its annotation storage (the
// document's `annotationStorage`, public API) holds `{noView: true}` under pdf.js's id for it
// and the page is rendered with `AnnotationMode.ENABLE_STORAGE`: the mechanism pdf.js's own
// form scripts use to hide a field. The entries are written just before a page is drawn, for
// that page's annotations only; pdf.js keys its operator lists by the storage's contents, so
// each state is drawn as it was when `render` was called.

import { normRect } from './svg.js';
import { call } from './engine.js';
import { pdfjsLib } from './pdfjs.js';
import { kindOfType, typeOfSubtype } from './vocabulary.js';


/**
 * Writes which of a page's annotations pdf.js leaves out (`hidden`, pdf.js ids) into the
 * document's annotation storage; the page's other annotations (`annotations`, from
 * `getAnnotations`) lose any entry, so they are drawn as the file says (their Hidden flag
 * included).
 */
function hideInStorage(pdf, annotations, hidden) {
  const storage = pdf.annotationStorage;
  for (const { id } of annotations) {
    if (hidden.has(id)) storage.setValue(id, { noView: true });
    else if (storage.has(id)) storage.remove(id);
  }
}

// MARK: - Which annotation is drawn where

/**
 * Whether pdf.js draws an annotation of the file: from its appearance stream, or, for a kind
 * readers draw without one (the vocabulary's `drawnWithoutAppearance`: shapes, lines, ink, text
 * markup), from its keys as every reader does. Other kinds without a stream (a redaction mark)
 * are drawn by the overlay, from the engine's appearance.
 */
function shownByPdfjs(pdfAnnotation, annotation) {
  return pdfAnnotation.hasAppearance || Boolean(kindOfType(annotation.type)?.drawnWithoutAppearance);
}

/**
 * pdf.js's id of the object the annotation JSON names in `object` (`"12 0 R"`, the server's
 * listing: the annotation's object in the file pdf.js shows): `12R`, with the generation
 * after the R when it is not 0 (`12R3`). Null without an object.
 */
function pdfjsId(object) {
  const ref = /^(\d+) (\d+) R$/.exec(object ?? '');
  return ref && (ref[2] === '0' ? `${ref[1]}R` : `${ref[1]}R${ref[2]}`);
}

/**
 * Pairs pdf.js's annotations of a page (`getAnnotations`) with the model's (the server's
 * annotation JSON of the same file) by identity: the object the server lists each one in
 * (`object`) is the one pdf.js's `id` names, whatever `/NM` it has (pdf.js does not read
 * `/NM`). Annotations of one type stacked on one rectangle are told apart so. Returns model
 * id → pdf.js annotation.
 *
 * Only an annotation without an object of its own (a dictionary written directly in
 * `/Annots` by another tool: the server lists no `object`, and pdf.js makes up an id) is
 * paired by type and rectangle in `/Annots` order, or by type and overlap for one pdf.js
 * draws without an appearance stream (it gives such a one the rectangle of what it drew, not
 * /Rect: a squiggly's waves), among the pdf.js annotations left.
 */
export function pairAnnotations(pdfAnnotations, modelAnnotations) {
  const pairs = new Map();
  const taken = new Set();
  const byId = new Map(pdfAnnotations.map((p) => [p.id, p]));
  const withoutObject = [];
  for (const a of modelAnnotations) {
    const found = byId.get(pdfjsId(a.object));
    if (found && !taken.has(found)) { pairs.set(a.id, found); taken.add(found); }
    else if (!a.object && a.rect) withoutObject.push(a);
  }
  const sameType = (p, a) => !taken.has(p) && typeOfSubtype(p.subtype) === a.type && p.rect;
  const unmatched = [];
  for (const a of withoutObject) {
    const [x1, y1, x2, y2] = normRect(a.rect);
    const found = pdfAnnotations.find((p) => sameType(p, a)
      && Math.abs(p.rect[0] - x1) < 0.5 && Math.abs(p.rect[1] - y1) < 0.5 && Math.abs(p.rect[2] - x2) < 0.5 && Math.abs(p.rect[3] - y2) < 0.5);
    if (found) { pairs.set(a.id, found); taken.add(found); }
    else unmatched.push(a);
  }
  for (const a of unmatched) {
    const [x1, y1, x2, y2] = normRect(a.rect);
    const found = pdfAnnotations.find((p) => sameType(p, a) && !p.hasAppearance
      && p.rect[0] < x2 && x1 < p.rect[2] && p.rect[1] < y2 && y1 < p.rect[3]);
    if (found) { pairs.set(a.id, found); taken.add(found); }
  }
  return pairs;
}

/**
 * What draws each annotation of the open document: the page canvas (its appearance stream,
 * as it is in the file pdf.js shows) or the live overlay.
 */
export class AnnotationDisplay {
  /** @param {import('./opendocument.js').OpenDocument} model */
  constructor(model) {
    this.model = model;
    this.pdf = null;
    /** The model's annotation objects when the file was fetched (null: not known). */
    this.snapshot = null;
    /** The server's annotation JSON at the file's revision (what pdf.js's annotations pair with). */
    this.inFile = [];
    this.fileRevision = -1;
    /** Ids drawn live for a while: selected, edited, touched by an eraser sweep. */
    this.selected = new Set();
    this.editing = new Set();
    this.touched = new Set();
    this.pages = new Map(); // page index → Promise<{annotations, pairs}>
    this.links = new Map(); // link id → pdf.js's link annotation
    this.listeners = new Set();
  }

  /** Listeners hear which pages should be drawn again (their live set changed). */
  onInvalidate(listener) { this.listeners.add(listener); }

  invalidate(pages) {
    for (const index of pages) for (const listener of this.listeners) listener(index);
  }

  /**
   * The file pdf.js shows, at server revision `revision`, and the server's annotation JSON of
   * that revision (`inFile`: its rects are the file's, where the model may not know them yet,
   * as for a stroke just drawn). When the model is at that revision, its annotations are what
   * the file draws; otherwise every one is live until a later file.
   */
  setDocument(pdf, revision, inFile) {
    this.pdf = pdf;
    this.fileRevision = revision;
    this.snapshot = revision === this.model.revision && inFile ? new Map(this.model.allAnnotations().map((a) => [a.id, a])) : null;
    this.inFile = this.snapshot ? inFile : [];
    this.pages.clear();
    this.touched.clear();
  }

  /** pdf.js's annotations of a page and their pairing with the file's annotation JSON. */
  page(index) {
    if (!this.pages.has(index)) {
      const pdf = this.pdf;
      const inFile = this.inFile.filter((a) => a.pageIndex === index);
      this.pages.set(index, (async () => {
        const page = await pdf.getPage(index + 1);
        const annotations = await page.getAnnotations({ intent: 'display' });
        if (pdf === this.pdf) this.setLinks(index, annotations);
        return { pdf, annotations, pairs: pairAnnotations(annotations, inFile) };
      })().catch((error) => {
        console.warn('annotations of page', index + 1, error);
        return { pdf, annotations: [], pairs: new Map() };
      }));
    }
    return this.pages.get(index);
  }

  /**
   * Gives the engine a page's links (a tap of the Select tool follows one: `followLink`) and
   * keeps where each goes (`link(id)`).
   */
  setLinks(index, annotations) {
    const links = annotations.filter((p) => typeOfSubtype(p.subtype) === 'link' && p.rect && (p.url || p.dest !== undefined));
    for (const link of links) this.links.set(link.id, link);
    call({ call: 'setLinks', pageIndex: index, links: links.map((link) => ({ id: link.id, rect: link.rect })) });
  }

  /** A link's pdf.js data (`url` or `dest`) by the id the engine was given. */
  link(id) { return this.links.get(id) ?? null; }

  /**
   * The annotations of page `index` that keep their size on screen (the engine's rule:
   * NoZoom), each id with the transform from page space into the page's frame it is drawn with.
   */
  placements(index) {
    return new Map(call({ call: 'screenPlacements', pageIndex: index }).placements.map((p) => [p.id, p.matrix]));
  }

  /**
   * Whether the overlay draws this annotation whatever the canvas shows; `fixed`: the ids of
   * its page that keep their screen size (`placements`), which pdf.js would draw zoomed.
   */
  isLive(a, fixed) {
    return !this.snapshot || this.snapshot.get(a.id) !== a || this.selected.has(a.id) || this.editing.has(a.id)
      || this.touched.has(a.id) || fixed.has(a.id);
  }

  /**
   * How to draw page `index` now: pdf.js's render options and the model ids the canvas will
   * show. Annotations of the file that are live or gone are hidden: written into pdf.js's
   * annotation storage here, so the page is to be rendered as soon as this answers.
   */
  async renderPlan(index) {
    const { pdf, annotations, pairs } = await this.page(index);  // its links reach the engine either way
    const hidden = new Set();
    const canvasIds = new Set();
    const notShown = this.hiddenOnPage(index);
    const fixed = this.placements(index);
    const now = new Map(this.model.annotationsOnPage(index).map((a) => [a.id, a]));
    for (const [id, annotation] of pairs) {
      // By id on any page: a file may give several pages' annotations one id (the last is kept).
      const current = now.get(id) ?? this.model.annotation(id);
      if (!current || notShown.has(id) || this.isLive(current, fixed) || !shownByPdfjs(annotation, current)) hidden.add(annotation.id);
      else canvasIds.add(id);
    }
    hideInStorage(pdf, annotations, hidden);
    return { annotationMode: pdfjsLib.AnnotationMode.ENABLE_STORAGE, canvasIds, hidden };
  }

  /**
   * The ids of page `index`'s annotations that the page does not show: the Hidden flag, the
   * replies and review states of comment threads (the engine's answer).
   */
  hiddenOnPage(index) {
    return new Set(call({ call: 'hiddenAnnotations', pageIndex: index }).ids);
  }

  /**
   * Whether the overlay draws `a`, given the model ids the page's canvas shows (null: the
   * canvas shows none yet) and the page's `placements`.
   */
  inOverlay(a, canvasIds, fixed) {
    return this.isLive(a, fixed) || !canvasIds?.has(a.id);
  }

  /** The pages on which these ids' annotations are (now, or in the file). */
  pagesOf(ids) {
    const pages = new Set();
    for (const id of ids) {
      const a = this.model.annotation(id) ?? this.snapshot?.get(id);
      if (a) pages.add(a.pageIndex);
    }
    return pages;
  }

  /** The engine's selection changed: the selected annotations are drawn live. */
  setSelection(ids) {
    const next = new Set(ids);
    const changed = [...next].filter((id) => !this.selected.has(id)).concat([...this.selected].filter((id) => !next.has(id)));
    if (!changed.length) return;
    this.selected = next;
    this.invalidate(this.pagesOf(changed));
  }

  /** A text box or note is being edited (true) or no longer (false). */
  setEditing(id, on) {
    if (on === this.editing.has(id)) return;
    if (on) this.editing.add(id); else this.editing.delete(id);
    this.invalidate(this.pagesOf([id]));
  }

  /** An eraser sweep reached these annotations: they are drawn live from now on. */
  touch(ids) {
    const fresh = ids.filter((id) => !this.touched.has(id));
    if (!fresh.length) return false;
    for (const id of fresh) this.touched.add(id);
    this.invalidate(this.pagesOf(fresh));
    return true;
  }
}
