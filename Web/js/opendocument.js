// The open document as the views see it: its summary and pages (UI state), and its annotations,
// which the engine keeps (docs/engine.md, "The document's annotations"): the engine follows the
// operation log once, and every view asks it for a page's annotations each time it draws one.
// Views subscribe with `onChange`.

import { call, engineLoaded } from './engine.js';

/**
 * @typedef {object} Annotation  one object of the annotation JSON (docs/annotations-json.md)
 * @property {string} id
 * @property {string} type
 * @property {number} pageIndex
 */

export class OpenDocument {
  constructor() {
    /** @type {{id: string, name: string, kind: string}|null} */
    this.summary = null;
    /** @type {{index: number, width: number, height: number, rotation: number, box: number[]}[]} */
    this.pages = [];
    this.listeners = new Set();
    /**
     * What the engine's JSON was read into, by id: `{serial, annotation}`. An object is kept
     * while the engine's serial for it is the same (the same JSON), so a view can tell an
     * annotation that changed by its object, as it draws. Not a copy that follows the log: it
     * is only ever filled from the engine's answers.
     * @type {Map<string, {serial: number, annotation: Annotation}>}
     */
    this.read = new Map();
    /** Grows with every change heard (a view's cheap "anything changed?"). */
    this.changes = 0;
  }

  /** @param {(change: {pages: Set<number>, structure: boolean, entries?: object[]}) => void} listener */
  onChange(listener) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The revision of the operation log the engine's annotations reflect. */
  get revision() {
    return engineLoaded() ? call({ call: 'annotationRevision' }).revision : 0;
  }

  /** A new document: its summary and pages, and every annotation at `revision`. */
  load(summary, annotations, revision) {
    this.summary = summary;
    this.pages = summary.pages;
    this.read.clear();
    this.setAnnotations(annotations, revision);
    this.emit(new Set(this.pages.map((p) => p.index)), true);
  }

  /**
   * Gives the engine every annotation of the document at `revision` in place of those it had
   * (the pages the document opened at, openingannotations.js), without telling the listeners
   * yet: returns the pages whose annotations may have changed, for `emit` once what draws
   * them is ready for the new list.
   */
  replaceAnnotations(annotations, revision) {
    return new Set(this.setAnnotations(annotations, revision).pages);
  }

  setAnnotations(annotations, revision) {
    const answer = call({ call: 'setAnnotations', annotations, revision });
    if (answer.problems?.length) console.warn('annotations the engine could not read', answer.problems);
    return answer;
  }

  /** The annotation with this id (JSON), or null. */
  annotation(id) {
    const answer = call({ call: 'annotation', id });
    return answer.annotation ? this.kept(answer.annotation, answer.serial) : null;
  }

  /** Whether the engine holds an annotation with this id. */
  hasAnnotation(id) {
    return call({ call: 'annotation', id }).annotation !== null;
  }

  /** How many annotations the engine holds. */
  get annotationCount() {
    return engineLoaded() ? call({ call: 'annotationRevision' }).count : 0;
  }

  /** The annotations of page `index` in drawing order, bottom first (the engine's, asked now). */
  annotationsOnPage(index) {
    return this.keptAll(call({ call: 'annotations', pageIndex: index }));
  }

  /** Every annotation: page by page, each in drawing order. */
  allAnnotations() {
    return this.keptAll(call({ call: 'annotations' }));
  }

  keptAll({ annotations, serials }) {
    return annotations.map((a, i) => this.kept(a, serials[i]));
  }

  /** The object read before for this serial, or this one, kept from now on. */
  kept(annotation, serial) {
    const known = this.read.get(annotation.id);
    if (known?.serial === serial) return known.annotation;
    this.read.set(annotation.id, { serial, annotation });
    return annotation;
  }

  /**
   * Hands logged entries to the engine, which applies those newer than its revision in order
   * and skips older ones (this tab's own edits echoed by the event stream), then tells the
   * listeners what changed.
   * @returns {{complete: boolean, reload: boolean}} `complete` false when an entry is missing
   *   (a gap), so the caller can fetch the operations in between; `reload` when an entry
   *   applied changed the file's pages or a form field's appearance, which only a fresh
   *   opening of the file shows (the engine reads the log: no operation is named here)
   */
  applyLogged(entries) {
    const answer = call({ call: 'applyEntries', entries });
    if (answer.problems?.length) console.warn('annotations the engine could not read', answer.problems);
    const applied = new Set(answer.applied);
    if (answer.pages.length || answer.structure || applied.size) {
      // The entries applied, each once (a revision sent twice is one entry).
      const heard = entries.filter((e) => applied.delete(e.revision)).sort((a, b) => a.revision - b.revision);
      this.emit(new Set(answer.pages), answer.structure, heard);
    }
    return { complete: !answer.gap, reload: answer.reload };
  }

  /**
   * The ids of the annotations logged entries add, in order (groups included), whether or not
   * they were applied here already (the event stream may have brought them first).
   * @param {object[]} entries `{operation, ...}` as a command's answer lists them
   * @returns {string[]}
   */
  addedIds(entries) {
    return entries.length ? call({ call: 'addedAnnotations', entries }).ids : [];
  }

  emit(pages, structure, entries = []) {
    this.changes += 1;
    for (const listener of this.listeners) listener({ pages, structure, entries });
  }
}
