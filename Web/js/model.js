// The local annotation model: the document's pages and annotations, the revision it reflects,
// and how an operation (docs/operations.md) changes it. Views subscribe with `onChange`.

/**
 * @typedef {object} Annotation  one object of the annotation JSON (docs/annotations-json.md)
 * @property {string} id
 * @property {string} type
 * @property {number} pageIndex
 */

export class DocumentModel {
  constructor() {
    /** @type {{id: string, name: string, kind: string}|null} */
    this.summary = null;
    /** @type {{index: number, width: number, height: number, rotation: number, box: number[]}[]} */
    this.pages = [];
    /** @type {Map<string, Annotation>} insertion order = drawing order */
    this.annotations = new Map();
    this.revision = 0;
    this.listeners = new Set();
  }

  /** @param {(change: {pages: Set<number>, structure: boolean, entries?: object[]}) => void} listener */
  onChange(listener) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  load(summary, annotations, revision) {
    this.summary = summary;
    this.pages = summary.pages;
    this.annotations = new Map(annotations.map((a) => [a.id, a]));
    this.revision = revision;
    this.emit(new Set(this.pages.map((p) => p.index)), true);
  }

  /**
   * Takes every annotation of the document at `revision` in place of those it had (the pages
   * the document opened at, openingannotations.js), without telling the listeners yet: returns
   * the pages whose annotations may have changed, for `emit` once what draws them has the
   * new list too.
   */
  replaceAnnotations(annotations, revision) {
    const pages = new Set([...this.annotations.values()].map((a) => a.pageIndex));
    this.annotations = new Map(annotations.map((a) => [a.id, a]));
    for (const a of annotations) pages.add(a.pageIndex);
    this.revision = revision;
    this.byPage = null;
    return pages;
  }

  /** The annotations of one page in drawing order (indexed lazily, rebuilt after changes). */
  annotationsOnPage(index) {
    if (!this.byPage) {
      this.byPage = new Map();
      for (const a of this.annotations.values()) {
        if (!this.byPage.has(a.pageIndex)) this.byPage.set(a.pageIndex, []);
        this.byPage.get(a.pageIndex).push(a);
      }
    }
    return this.byPage.get(index) ?? [];
  }

  /**
   * Applies logged entries newer than the model's revision, in order; older ones (this tab's
   * own edits echoed by the event stream) are skipped. Returns false when an entry is missing
   * (a gap), so the caller can fetch the operations in between.
   */
  applyLogged(entries) {
    const touched = new Set();
    const applied = [];
    let structure = false;
    for (const entry of [...entries].sort((a, b) => a.revision - b.revision)) {
      if (entry.revision <= this.revision) continue;
      if (entry.revision !== this.revision + 1) {
        this.emit(touched, structure, applied);
        return false;
      }
      this.byPage = null;
      structure = this.applyOperation(entry.operation, touched) || structure;
      this.revision = entry.revision;
      applied.push(entry);
    }
    if (touched.size || structure) this.emit(touched, structure, applied);
    return true;
  }

  /**
   * Applies one logged operation (the log's format, docs/operations.md: `{"op": ...}`).
   * Returns true when the page list changed (the document must be reloaded).
   */
  applyOperation(operation, touched) {
    switch (operation.op) {
      case 'addAnnotation': {
        const a = operation.annotation;
        this.annotations.delete(a.id);
        this.annotations.set(a.id, a);
        touched.add(a.pageIndex);
        return false;
      }
      case 'removeAnnotation': {
        const a = this.annotations.get(operation.annotation.id) ?? operation.annotation;
        this.annotations.delete(a.id);
        touched.add(a.pageIndex);
        return false;
      }
      case 'changeAnnotation': {
        const after = operation.after;
        const old = this.annotations.get(after.id);
        if (old) touched.add(old.pageIndex);
        // Keep the drawing order: replace in place.
        this.annotations = new Map([...this.annotations].map(([id, a]) => id === after.id ? [id, after] : [id, a]));
        if (!old) this.annotations.set(after.id, after);
        touched.add(after.pageIndex);
        return false;
      }
      case 'arrangeAnnotation': {
        // Moves it to position `to` among its page's annotations (0 is the bottom).
        const a = this.annotations.get(operation.id);
        if (!a) return false;
        const page = [...this.annotations.values()].filter((x) => x.pageIndex === a.pageIndex && x.id !== a.id);
        const to = Math.max(0, Math.min(operation.to, page.length));
        const entries = [...this.annotations].filter(([id]) => id !== a.id);
        const anchor = page[to] ?? page[page.length - 1];
        const at = anchor ? entries.findIndex(([id]) => id === anchor.id) + (page[to] ? 0 : 1) : entries.length;
        entries.splice(at, 0, [a.id, a]);
        this.annotations = new Map(entries);
        touched.add(a.pageIndex);
        return false;
      }
      case 'group': {
        let structure = false;
        for (const op of operation.operations ?? []) structure = this.applyOperation(op, touched) || structure;
        return structure;
      }
      case 'insertPage':
      case 'removePage':
      case 'restorePage':
      case 'rotatePage':
      case 'movePage':
        return true;
      default:
        return false;
    }
  }

  emit(pages, structure, entries = []) {
    this.byPage = null;
    for (const listener of this.listeners) listener({ pages, structure, entries });
  }
}

/**
 * The ids of the annotations a command's answer added (its logged entries, groups included),
 * in order.
 * @param {{applied?: {operation: object}[]}|null} response
 */
export function addedIds(response) {
  const ids = [];
  const collect = (operation) => {
    if (operation.op === 'addAnnotation') ids.push(operation.annotation.id);
    for (const inner of operation.operations ?? []) collect(inner);
  };
  for (const entry of response?.applied ?? []) collect(entry.operation);
  return ids;
}

/**
 * A new annotation id (a UUID v4). crypto.randomUUID exists only in secure contexts, and an
 * iPad reaching the server over the LAN by plain http is not one; getRandomValues always is.
 */
export function newId() {
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`.toUpperCase();
}
