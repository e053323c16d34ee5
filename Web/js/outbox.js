// The outbox: edits made while the server could not be reached, oldest first, kept in
// localStorage under this tab's id, so a reload of the tab finds them again and another tab
// never sends them a second time. A tab closed with edits waiting leaves its outbox behind:
// the next tab to open adopts an outbox nobody has touched for half a minute.

import { clientId } from './api.js';

const PREFIX = 'marginalia.outbox.v1.';
/** An outbox not touched for this long belongs to a tab that is gone (ms). */
const ABANDONED_MS = 30000;

/** @typedef {{documentId: string, revision: number, command: object, at: number}} WaitingEdit */

export class Outbox {
  constructor() {
    this.key = PREFIX + clientId;
    /** @type {WaitingEdit[]} */
    this.entries = read(this.key)?.entries ?? [];
    this.adoptAbandoned();
  }

  get length() { return this.entries.length; }
  get first() { return this.entries[0]; }

  /** Adds an edit; it stays in memory even when storage is full (then save throws). */
  push(entry) {
    this.entries.push(entry);
    this.save();
  }

  shift() {
    this.entries.shift();
    this.save();
  }

  /** Writes the outbox (and the time, which tells other tabs it is alive); throws when full. */
  save() {
    if (this.entries.length) localStorage.setItem(this.key, JSON.stringify({ updated: Date.now(), entries: this.entries }));
    else localStorage.removeItem(this.key);
  }

  /** Takes over the outboxes of tabs that are gone, keeping every edit's order in time. */
  adoptAbandoned() {
    const keys = [];
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (key?.startsWith(PREFIX) && key !== this.key) keys.push(key);
    }
    let adopted = 0;
    for (const key of keys) {
      const kept = read(key);
      if (!kept || Date.now() - (kept.updated ?? 0) < ABANDONED_MS) continue;
      this.entries.push(...kept.entries);
      localStorage.removeItem(key);
      adopted += kept.entries.length;
    }
    if (!adopted) return;
    this.entries.sort((a, b) => a.at - b.at);
    try { this.save(); } catch { /* kept in memory; sent from here */ }
  }
}

/** An outbox in storage: {updated, entries}, with only well-formed entries; null if none. */
function read(key) {
  try {
    const kept = JSON.parse(localStorage.getItem(key) ?? 'null');
    if (!kept || !Array.isArray(kept.entries)) return null;
    return { updated: kept.updated, entries: kept.entries.filter((e) => e?.command?.type && typeof e.documentId === 'string') };
  } catch {
    return null;
  }
}
