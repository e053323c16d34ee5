// The editing session of one open document: sends edits to the server, applies what comes
// back and what other tabs do (the event stream), and keeps the model's revision in step.

import * as api from './api.js';

/** The edits and live events of one open document. */
export class Session {
  /** @param {import('./model.js').DocumentModel} model */
  constructor(model, { onStructureChange, onStatus, onSaved }) {
    this.model = model;
    this.onSaved = onSaved;
    this.onStructureChange = onStructureChange;
    this.onStatus = onStatus;
    this.queue = Promise.resolve();
    this.events = null;
  }

  get id() { return this.model.summary.id; }

  /**
   * Posts one command (serialised after earlier ones) and applies the result.
   * @returns {Promise<{revision: number, applied: object[], missed: object[]}|null>} null when it failed
   */
  command(command) {
    const run = async () => {
      const response = await api.postCommand(this.id, this.model.revision, command);
      this.applyEntries([...(response.missed ?? []), ...(response.applied ?? [])]);
      if (response.revision > this.model.revision) await this.catchUp();
      await this.reloading;
      return response;
    };
    // Failures are reported here, once; callers get null and carry on (their previews go).
    const result = this.queue.then(run, run).catch((error) => {
      // A refused undo or redo says why itself ("cannot undo …: someone else has changed it").
      const refusedStep = error.status === 409 && (command.type === 'undo' || command.type === 'redo');
      this.onStatus(refusedStep ? error.message.replace(/^./, (c) => c.toUpperCase()) : `Not applied: ${error.message}`, true);
      return null;
    });
    this.queue = result;
    return result;
  }

  undo() { return this.command({ type: 'undo' }); }
  redo() { return this.command({ type: 'redo' }); }

  applyEntries(entries) {
    const structural = entries.some((e) => e.revision > this.model.revision && isStructural(e.operation));
    const complete = this.model.applyLogged(entries);
    if (structural) this.reloading = this.onStructureChange();
    if (!complete) this.catchUp();
  }

  /** Fetches the entries after the model's revision (after a gap in the stream). */
  async catchUp() {
    if (this.catchingUp) return;
    this.catchingUp = true;
    try {
      const { operations } = await api.operationsAfter(this.id, this.model.revision);
      this.applyEntries(operations);
    } catch (error) {
      this.onStatus(`Could not sync: ${error.message}`, true);
    } finally {
      this.catchingUp = false;
    }
  }

  /** Subscribes to the document's events; entries this tab already applied are skipped. */
  listen() {
    this.events?.close();
    const source = new EventSource(api.eventsURL(this.id, this.model.revision));
    source.addEventListener('operation', (event) => {
      try { this.applyEntries([JSON.parse(event.data)]); } catch (error) { console.warn(error); }
    });
    source.addEventListener('saved', (event) => {
      try { this.onSaved(JSON.parse(event.data).revision); } catch { /* ignore */ }
    });
    source.addEventListener('renamed', (event) => {
      try { document.title = `${JSON.parse(event.data).name} — Marginalia`; } catch { /* ignore */ }
    });
    source.addEventListener('deleted', () => this.onStatus('This document was moved to the trash', true));
    source.addEventListener('restored', () => this.onStatus('This document is back from the trash'));
    // An older version became the current content: everything on screen is stale.
    source.addEventListener('versionRestored', () => {
      this.onStatus('An earlier version was restored');
      this.reloading = this.onStructureChange();
    });
    source.addEventListener('open', () => this.catchUp());
    this.events = source;
  }

  close() { this.events?.close(); }
}

// Page operations change the page list; a fill changes a widget's appearance stream, which
// only pdf.js draws: both reload the file. (Logged operations, docs/operations.md.)
const STRUCTURAL = new Set(['insertPage', 'removePage', 'restorePage', 'rotatePage', 'movePage', 'fillField']);
function isStructural(operation) {
  if (operation?.op === 'group') return (operation.operations ?? []).some(isStructural);
  return STRUCTURAL.has(operation?.op);
}
