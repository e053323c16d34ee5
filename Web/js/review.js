// The review panel: who the user is, the annotation list (grouped by page, filtered by
// type, author and state, virtualised so 10,000 rows scroll smoothly) and one annotation's
// comment thread (replies, each reviewer's state, a reply box). What the list holds, what a
// thread is and what a comment may do are the engine's answers (docs/engine.md, "Review");
// this module draws them and sends the commands the engine makes.

import { call } from './engine.js';
import { isSignedIn, setUserName, storedUserName } from './identity.js';
import { typeLabel } from './annotationtypes.js';
import { reviewStates } from './vocabulary.js';
import { html } from './svg.js';
import { t, language } from './i18n.js';

/** Every row (page heading or annotation) is this tall, so any row's place is index × height. */
export const ROW_HEIGHT = 56;
/** Rows drawn beyond the visible ones, above and below, so a fast scroll shows no gap. */
const OVERSCAN = 6;
/** One formatter for every date (making one per call costs a millisecond a row). */
const dateFormat = new Intl.DateTimeFormat(language, { dateStyle: 'short', timeStyle: 'short' });
/** An ISO 8601 date as the browser's locale writes it (date and time, minutes). */
const shortDate = (iso) => {
  const date = iso ? new Date(iso) : null;
  return date && !Number.isNaN(date.getTime()) ? dateFormat.format(date) : '';
};

/** The panel beside the pages (`#review`). */
export class ReviewPanel {
  constructor(editor, element) {
    this.editor = editor;
    this.element = element;
    this.filter = { types: '', authors: '', states: '' };
    /** The list's rows: `{page}` headings and `{row}` annotations (the engine's rows). */
    this.rows = [];
    this.threadId = null;
    this.build();
    call({ call: 'setUser', name: storedUserName() });
    editor.model.onChange(() => this.schedule());
  }

  build() {
    this.nameInput = html('input', { class: 'review-name', type: 'text', placeholder: t('review.yourName'), 'aria-label': t('review.yourName'),
      maxlength: '100', value: storedUserName() });
    const save = html('button', { type: 'submit', class: 'review-button', text: t('toolbar.save') });
    // Signed in as a user: the server signs everything with that name, so none is asked for.
    this.nameInput.readOnly = save.hidden = isSignedIn();
    const identity = html('form', { class: 'review-identity', onsubmit: (e) => { e.preventDefault(); this.saveName(); } }, [
      html('label', { text: t('review.you') }), this.nameInput, save,
    ]);
    this.selects = {};
    const filters = html('div', { class: 'review-filters' }, ['types', 'authors', 'states'].map((key) => {
      this.selects[key] = html('select', { 'aria-label': t(`review.filterBy.${key}`), 'data-filter': key,
        onchange: (e) => { this.filter[key] = e.target.value; this.refresh(); } });
      return this.selects[key];
    }));
    this.summary = html('div', { class: 'review-summary', role: 'status' });
    this.spacer = html('div', { class: 'review-spacer' });
    this.list = html('div', { class: 'review-list', role: 'list', 'aria-label': t('review.annotations') }, [this.spacer]);
    this.list.addEventListener('scroll', () => this.drawRows(), { passive: true });
    this.thread = html('section', { class: 'review-thread', 'aria-label': t('toolbar.comments') });
    this.thread.hidden = true;
    this.element.replaceChildren(identity, filters, this.summary, this.list, this.thread);
  }

  get isOpen() { return !this.element.hidden; }

  show(open) {
    this.element.hidden = !open;
    if (open) this.refresh();
  }

  saveName() {
    if (isSignedIn()) return;  // the signed-in user's name is the server's, not the tab's
    const name = setUserName(this.nameInput.value);
    this.editor.session.listen();  // the others see the new name
    this.editor.status(name ? t('review.signedAs', { name }) : t('review.nameCleared'));
    if (this.threadId) this.showThread(this.threadId);
  }

  /** Redraws after the model changed, once per frame however many entries came. */
  schedule() {
    if (!this.isOpen || this.pending) return;
    this.pending = requestAnimationFrame(() => { this.pending = 0; this.refresh(); });
  }

  /** Asks the engine for the list (with the filters) and redraws it, and the open thread. */
  refresh() {
    if (!this.isOpen) return;
    const request = { call: 'annotationList' };
    for (const key of ['types', 'authors', 'states']) if (this.filter[key] !== '') request[key] = [this.filter[key]];
    const answer = call(request);
    // A change that leaves the list as it was (a reply's text, another page's note) keeps the
    // rows' elements: what the user is about to tap stays where it is.
    const key = JSON.stringify(answer);
    if (key === this.listKey) {
      if (this.threadId) {
        try { this.showThread(this.threadId); } catch { this.closeThread(); }
      }
      return;
    }
    this.listKey = key;
    this.rows = [];
    let page = -1;
    for (const row of answer.rows) {
      if (row.pageIndex !== page) { page = row.pageIndex; this.rows.push({ page }); }
      this.rows.push({ row });
    }
    this.summary.textContent = answer.count === answer.total ? `${answer.total} annotations` : `${answer.count} of ${answer.total} annotations`;
    this.fillSelect('types', t('review.allTypes'), answer.types, typeLabel);
    this.fillSelect('authors', t('review.allAuthors'), answer.authors, (value) => value || t('review.noAuthor'));
    this.fillSelect('states', t('review.allStates'), answer.states, (value) => t(`review.state.${value}`));
    this.spacer.style.height = `${this.rows.length * ROW_HEIGHT}px`;
    this.redrawRows();
    if (this.threadId) {
      try { this.showThread(this.threadId); } catch { this.closeThread(); }  // removed meanwhile
    }
  }

  fillSelect(key, allLabel, counts, label) {
    const select = this.selects[key];
    const options = [html('option', { value: '', text: allLabel }),
      ...counts.map(({ value, count }) => html('option', { value, text: `${label(value)} (${count})` }))];
    if (this.filter[key] !== '' && !counts.some((c) => c.value === this.filter[key])) {
      options.push(html('option', { value: this.filter[key], text: `${label(this.filter[key])} (0)` }));
    }
    select.replaceChildren(...options);
    select.value = this.filter[key];
  }

  /** Draws the rows in view again from scratch (the rows or the selection changed). */
  redrawRows() {
    this.drawn = null;
    this.rowElements = null;
    this.spacer.replaceChildren();
    this.drawRows();
  }

  /** Draws only the rows in view (and a few around them): the list's cost does not grow with its length. */
  drawRows() {
    const top = this.list.scrollTop;
    const first = Math.max(0, Math.floor(top / ROW_HEIGHT) - OVERSCAN);
    const last = Math.min(this.rows.length, Math.ceil((top + this.list.clientHeight) / ROW_HEIGHT) + OVERSCAN);
    if (this.drawn && this.drawn[0] === first && this.drawn[1] === last) return;
    this.drawn = [first, last];
    // Rows still in view keep their elements: a scroll makes only the rows that come in.
    const kept = this.rowElements ?? new Map();
    this.rowElements = new Map();
    const selected = new Set(this.editor.selection().ids);
    for (let i = first; i < last; i++) this.rowElements.set(i, kept.get(i) ?? this.rowElement(this.rows[i], i, selected));
    for (const [i, element] of kept) if (!this.rowElements.has(i)) element.remove();
    for (const element of this.rowElements.values()) if (!element.isConnected) this.spacer.append(element);
  }

  rowElement(item, index, selectedIds) {
    // Placed through the CSSOM: the editor's Content-Security-Policy refuses style attributes.
    const placed = (element) => {
      element.style.top = `${index * ROW_HEIGHT}px`;
      element.style.height = `${ROW_HEIGHT}px`;
      return element;
    };
    if (item.page !== undefined) {
      return placed(html('div', { class: 'review-page', role: 'heading', 'aria-level': '3', text: t('common.pageN', { page: item.page + 1 }) }));
    }
    const r = item.row;
    const badges = [];
    if (r.replies) badges.push(html('span', { class: 'review-replies', text: t('review.replies', { count: r.replies }) }));
    if (r.state) badges.push(html('span', { class: `review-state state-${r.state.toLowerCase()}`, text: r.state }));
    const selected = selectedIds.has(r.id);
    return placed(html('button', {
      type: 'button', class: `review-row${selected ? ' selected' : ''}`, role: 'listitem', 'data-id': r.id,
      onclick: () => this.go(r),
    }, [
      html('div', { class: 'review-row-head' }, [
        html('span', { class: 'review-type', text: typeLabel(r.type) }),
        html('span', { class: 'review-author', text: r.author ?? '' }),
        html('span', { class: 'review-date', text: shortDate(r.date) }),
      ]),
      html('div', { class: 'review-row-body' }, [html('span', { class: 'review-text', text: r.text ?? '' }), ...badges]),
    ]));
  }

  /** Goes to the annotation's page, selects it and opens its thread. */
  go(row) {
    this.editor.viewer.goToPage(row.pageIndex);
    if (this.editor.model.hasAnnotation(row.id)) this.editor.select(row.id);
    this.showThread(row.id);
    this.redrawRows();
  }

  /** Opens the thread of the one annotation selected on the page (when the panel is open). */
  followSelection() {
    if (!this.isOpen) return;
    const { ids } = this.editor.selection();
    if (ids.length === 1 && ids[0] !== this.threadId) {
      try { this.showThread(ids[0]); } catch { /* not an annotation the list knows */ }
      this.redrawRows();
    }
  }

  closeThread() {
    this.threadId = null;
    this.threadKey = null;
    this.thread.hidden = true;
  }

  /** Shows the thread of annotation `id` (its replies, states and a reply box). */
  showThread(id) {
    const thread = call({ call: 'thread', id });
    const root = thread.root;
    const key = JSON.stringify(thread);
    if (key === this.threadKey && root.id === this.threadId && !this.thread.hidden) return;  // nothing new to draw
    this.threadKey = key;
    const replies = thread.replies.map((reply) => { const item = html('li', { class: 'review-reply', 'data-id': reply.id }, [
      html('div', { class: 'review-row-head' }, [
        html('span', { class: 'review-author', text: reply.author ?? t('review.noAuthor') }),
        html('span', { class: 'review-date', text: shortDate(reply.date) }),
      ]),
      html('p', { class: 'review-reply-text', text: reply.text }),
      html('div', { class: 'review-reply-actions' }, [
        html('button', { type: 'button', class: 'review-link', text: t('review.reply'), onclick: () => this.replyTo(reply.id, reply.author) }),
        ...(reply.mine ? [
          html('button', { type: 'button', class: 'review-link', text: t('review.edit'), onclick: () => this.edit(reply) }),
          html('button', { type: 'button', class: 'review-link danger', text: t('review.delete'), onclick: () => this.comment({ action: 'delete', id: reply.id }) }),
        ] : []),
      ]),
    ]);
    item.style.marginInlineStart = `${(reply.depth - 1) * 16}px`;  // a reply to a reply is indented
    return item; });
    // The Review model's states, named and ordered by the engine; labelled by the catalogs.
    const states = html('div', { class: 'review-states', role: 'group', 'aria-label': t('review.yourState') }, reviewStates().map((state) =>
      html('button', {
        type: 'button', class: 'review-state-button', 'aria-pressed': String(thread.myState === state),
        'data-state': state, text: t(`review.state.${state}`), onclick: () => this.comment({ action: 'setState', to: root.id, state }),
      })));
    const others = thread.states.map((s) => html('li', { class: `review-state state-${s.state.toLowerCase()}`, text: `${s.author ?? t('review.noAuthor')}: ${t(`review.state.${s.state}`)}` }));
    // A live refresh while the user types keeps what they typed, where they typed it.
    const draft = this.threadId === root.id && this.replyBox ? this.replyBox.value : '';
    const typing = !!this.replyBox && document.activeElement === this.replyBox;
    const target = this.threadId === root.id && thread.replies.some((r) => r.id === this.replyTarget) ? this.replyTarget : root.id;
    this.replyBox = html('textarea', { class: 'review-reply-box', rows: '3', placeholder: t('review.replyPlaceholder'), 'aria-label': t('review.reply') });
    this.replyBox.value = draft;
    this.replyTarget = target;
    this.thread.replaceChildren(
      html('div', { class: 'review-thread-head' }, [
        html('strong', { text: t('review.threadTitle', { type: typeLabel(root.type), page: root.pageIndex + 1 }) }),
        html('button', { type: 'button', class: 'review-link', text: t('common.close'), onclick: () => this.closeThread() }),
      ]),
      html('p', { class: 'review-root-text', text: [root.author, root.text].filter(Boolean).join(': ') }),
      html('ul', { class: 'review-state-list' }, others),
      states,
      html('ol', { class: 'review-replies-list' }, replies),
      html('form', { class: 'review-reply-form', onsubmit: (e) => { e.preventDefault(); this.send(); } }, [
        this.replyBox, html('button', { type: 'submit', class: 'review-button', text: t('review.send') }),
      ]),
    );
    this.threadId = root.id;
    this.thread.hidden = false;
    if (typing) this.replyBox.focus();
  }

  replyTo(id, author) {
    this.replyTarget = id;
    this.replyBox.placeholder = author ? t('review.replyTo', { author }) : t('review.replyToThis');
    this.replyBox.focus();
  }

  edit(reply) {
    const item = this.thread.querySelector(`li[data-id="${CSS.escape(reply.id)}"] .review-reply-text`);
    const box = html('textarea', { class: 'review-reply-box', rows: '3', 'aria-label': t('review.editReply') });
    box.value = reply.text;
    const form = html('form', { class: 'review-reply-form', onsubmit: (e) => { e.preventDefault(); this.comment({ action: 'edit', id: reply.id, text: box.value }); } },
      [box, html('button', { type: 'submit', class: 'review-button', text: t('toolbar.save') })]);
    item.replaceWith(form);
    box.focus();
  }

  send() {
    const text = this.replyBox.value;
    if (!text.trim()) return;
    if (this.comment({ action: 'reply', to: this.replyTarget, text })) this.replyBox.value = '';
  }

  /** Asks the engine for the comment command and sends it; a user with no name is asked for one. */
  comment(request) {
    if (!storedUserName()) {
      this.editor.status(t('review.nameFirst'), true);
      this.nameInput.focus();
      return false;
    }
    const answer = call({ call: 'comment', ...request });
    this.editor.outputs(answer);
    return !(answer.outputs ?? []).some((o) => o.type === 'refused');
  }
}
