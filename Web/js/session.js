// The editing session of one open document: sends edits to the server, applies what comes
// back and what other tabs do (the event stream) to the engine, which keeps the annotations and
// the revision (opendocument.js).
//
// Edits made while the server cannot be reached (no network, the server restarting) are not
// lost: they wait in the outbox (outbox.js), are sent in order every few seconds and when the
// browser is back online, and survive a reload. An edit the server then refuses (what it
// changed is gone) is reported and dropped.

import * as api from './api.js';
import { storedUserName } from './identity.js';
import { Outbox } from './outbox.js';
import { t } from './i18n.js';

/** How often a waiting outbox is tried again (ms). */
const RETRY_MS = 3000;

/** Whether a failed request may succeed later: no answer at all, or the server unavailable. */
export function isRetryable(error) {
  return !error?.status || error.status === 502 || error.status === 503 || error.status === 504;
}

/** The edits and live events of one open document. */
export class Session {
  /** @param {import('./opendocument.js').OpenDocument} model */
  constructor(model, { onStructureChange, onStatus, onSaved, onOutbox = () => {}, onPresence = () => {} }) {
    this.model = model;
    this.onSaved = onSaved;
    this.onStructureChange = onStructureChange;
    this.onStatus = onStatus;
    this.onOutbox = onOutbox;
    this.onPresence = onPresence;
    this.queue = Promise.resolve();
    this.events = null;
    this.outbox = new Outbox();
    window.addEventListener('online', () => this.flush());
    // The others see this tab leave at once, not at the stream's next keep-alive.
    window.addEventListener('pagehide', () => { if (this.events) api.leave(this.id); });
  }

  get id() { return this.model.summary.id; }

  /** The edits of the open document still waiting for the server. */
  get waiting() { return this.outbox.entries.filter((entry) => entry.documentId === this.model.summary?.id); }

  /** Puts a command in the outbox; it goes when the server can be reached. */
  wait(command) {
    let kept = true;
    try {
      this.outbox.push({ documentId: this.id, revision: this.model.revision, command, at: Date.now() });
    } catch {
      kept = false;  // in memory only: the storage is full
    }
    this.onOutbox();
    const n = this.outbox.length;
    this.onStatus(kept ? t('offline.willBeSent', { count: n })
      : t('offline.noRoom'), true);
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => this.flush(), RETRY_MS);
  }

  /**
   * Sends the outbox in order, through the command queue (so later edits follow it); stops at
   * the first edit the server still cannot be reached for, and tries again later.
   */
  flush() {
    if (!this.outbox.length) return Promise.resolve();
    if (this.flushing) return this.flushing;
    clearTimeout(this.retryTimer);
    const run = async () => {
      let refused = 0;
      while (this.outbox.length) {
        const { documentId, revision, command } = this.outbox.first;
        const open = documentId === this.model.summary?.id;
        try {
          const response = await api.postCommand(documentId, open ? this.model.revision : revision, command);
          if (open && documentId === this.model.summary?.id) {
            this.applyEntries([...(response.missed ?? []), ...(response.applied ?? [])]);
            if (response.revision > this.model.revision) await this.catchUp();
          }
        } catch (error) {
          if (isRetryable(error)) {
            try { this.outbox.save(); } catch { /* the time only */ }
            this.retryTimer = setTimeout(() => this.flush(), RETRY_MS);
            return;
          }
          refused += 1;
          this.onStatus(t('offline.notApplied', { reason: error.message }), true);
        }
        try { this.outbox.shift(); } catch { /* sent: the copy in storage goes at the next save */ }
        this.onOutbox();
      }
      if (!refused) this.onStatus(t('offline.backOnline'));
    };
    this.flushing = this.queue.then(run, run).finally(() => { this.flushing = null; });
    this.queue = this.flushing;
    return this.flushing;
  }

  /**
   * Posts one command (serialised after earlier ones) and applies the result.
   * @returns {Promise<{revision: number, applied: object[], missed: object[]}|null>} null when it failed
   */
  command(command) {
    // Behind edits still waiting, so the server gets them in the order they were made.
    if (this.outbox.length) {
      this.wait(command);
      return Promise.resolve(null);
    }
    const run = async () => {
      const response = await api.postCommand(this.id, this.model.revision, command);
      this.applyEntries([...(response.missed ?? []), ...(response.applied ?? [])]);
      if (response.revision > this.model.revision) await this.catchUp();
      await this.reloading;
      return response;
    };
    // Failures are reported here, once; callers get null and carry on (their previews go).
    const result = this.queue.then(run, run).catch((error) => {
      if (isRetryable(error)) {
        this.wait(command);
        return null;
      }
      // A refused undo or redo says why itself ("cannot undo …: someone else has changed it").
      const refusedStep = error.status === 409 && (command.type === 'undo' || command.type === 'redo');
      this.onStatus(refusedStep ? error.message.replace(/^./, (c) => c.toUpperCase()) : t('status.notApplied', { reason: error.message }), true);
      return null;
    });
    this.queue = result;
    return result;
  }

  undo() { return this.command({ type: 'undo' }); }
  redo() { return this.command({ type: 'redo' }); }

  applyEntries(entries) {
    const { complete, reload } = this.model.applyLogged(entries);
    if (reload) this.reloading = this.onStructureChange();
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
      this.onStatus(t('status.syncFailed', { reason: error.message }), true);
    } finally {
      this.catchingUp = false;
    }
  }

  /** Subscribes to the document's events; entries this tab already applied are skipped. */
  listen() {
    this.events?.close();
    const source = new EventSource(api.eventsURL(this.id, this.model.revision, storedUserName()));
    source.addEventListener('presence', (event) => {
      try { this.onPresence(JSON.parse(event.data).viewers); } catch (error) { console.warn(error); }
    });
    source.addEventListener('operation', (event) => {
      try { this.applyEntries([JSON.parse(event.data)]); } catch (error) { console.warn(error); }
    });
    source.addEventListener('saved', (event) => {
      try { this.onSaved(JSON.parse(event.data).revision); } catch { /* ignore */ }
    });
    source.addEventListener('renamed', (event) => {
      try { document.title = `${JSON.parse(event.data).name} — Marginalia`; } catch { /* ignore */ }
    });
    source.addEventListener('deleted', () => this.onStatus(t('status.movedToTrash'), true));
    source.addEventListener('restored', () => this.onStatus(t('status.backFromTrash')));
    source.addEventListener('purged', () => {
      this.onStatus(t('status.deletedForGood'), true);
      source.close();
    });
    // An older version became the current content: everything on screen is stale.
    source.addEventListener('versionRestored', (event) => {
      let redacted = false;
      try { redacted = JSON.parse(event.data).version?.historyRedacted === true; } catch { /* ignore */ }
      this.onStatus(redacted ? t('status.redactionsApplied') : t('status.versionRestored'));
      this.reloading = this.onStructureChange();
    });
    source.addEventListener('open', () => { this.catchUp(); this.flush(); });
    this.events = source;
  }

  /** Stops listening and, with `leave`, leaves the document's viewers. */
  close({ leave = true } = {}) {
    if (!this.events) return;
    this.events.close();
    this.events = null;
    if (leave) api.leave(this.id);
  }
}
