// The toolbar's keyboard (issue 15): one Tab stop for the whole toolbar (a roving tab index,
// as the ARIA toolbar pattern has it). Left and Right move between its controls, Home and End
// to the first and last; buttons in the More menu (overflow.js) are not in the row, More is:
// Down, Enter or Space opens it, its actions take Up, Down, Home and End, and Escape gives
// the focus back to More. In the page number field Left and Right move the caret, leaving the
// field at its ends. The stop is the control last focused; until one is, the active tool.

import { popoverAnchor } from './popover.js';

const CONTROLS = 'button, input';
const NEXT = { ArrowRight: 1, ArrowLeft: -1 };

/** Gives `toolbar` (role toolbar) one Tab stop and arrow keys. */
export function installRovingFocus(toolbar) {
  let stop = null;
  let focusedOnce = false;

  /** The controls in the row now, in order: shown, not overflowed, not disabled. */
  const controls = () => [...toolbar.querySelectorAll(CONTROLS)]
    .filter((c) => !c.disabled && !c.closest('[hidden], .overflowed') && c.getClientRects().length > 0);

  /** Makes `control` (or, when it left the row, the first control) the toolbar's Tab stop. */
  function setStop(control) {
    const row = controls();
    stop = row.includes(control) ? control : row.includes(stop) ? stop : row[0] ?? null;
    for (const c of toolbar.querySelectorAll(CONTROLS)) c.tabIndex = c === stop ? 0 : -1;
  }

  function move(to) {
    setStop(to);
    to?.focus();
  }

  toolbar.addEventListener('focusin', (e) => {
    if (!e.target.matches(CONTROLS)) return;
    focusedOnce = true;
    setStop(e.target);
  });
  toolbar.addEventListener('keydown', (e) => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const row = controls();
    const at = row.indexOf(e.target);
    if (at < 0) return;
    const field = e.target.tagName === 'INPUT';
    if (e.key in NEXT) {
      // A text field keeps its caret's keys until the caret is at the end it moves towards.
      if (field && !atEdge(e.target, NEXT[e.key])) return;
      move(row[(at + NEXT[e.key] + row.length) % row.length]);
    } else if (e.key === 'Home' && !field) move(row[0]);
    else if (e.key === 'End' && !field) move(row.at(-1));
    else if (e.key === 'ArrowDown' && e.target.dataset.tool === 'more') e.target.click();
    else return;
    e.preventDefault();
    e.stopPropagation();
  }, true);

  // The More menu's actions: a vertical list under the arrow keys.
  const popover = document.getElementById('popover');
  popover.addEventListener('keydown', (e) => {
    if (popoverAnchor()?.dataset.tool !== 'more') return;
    const actions = [...popover.querySelectorAll('.popover-action')];
    const at = actions.indexOf(document.activeElement);
    const to = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: actions.length - 1 }[e.key];
    if (to === undefined || !actions.length) return;
    actions[(to + actions.length) % actions.length].focus();
    e.preventDefault();
  });

  // Buttons move into and out of More as the toolbar's width changes: the stop stays in the row.
  new ResizeObserver(() => requestAnimationFrame(() => setStop(stop))).observe(toolbar);
  const activeTool = () => toolbar.querySelector('[aria-pressed="true"]');
  // A tool chosen another way (a key, the pen's gesture, the editor) moves a stop never focused.
  // Only a value that changed counts: the toolbar's refresh sets every button's aria-pressed
  // on each update of the editor, and each `setStop` lays the page out to see which controls
  // show (`getClientRects`), with 2,000 page boxes a cost paid on every update of the opening
  // (issue 36: 30-140 ms of the opening's time in the profile).
  new MutationObserver((records) => {
    if (!focusedOnce && records.some((r) => r.oldValue !== r.target.getAttribute(r.attributeName))) setStop(activeTool());
  }).observe(toolbar, { subtree: true, attributes: true, attributeFilter: ['aria-pressed'], attributeOldValue: true });
  setStop(activeTool());
  return { setStop, controls };
}

/** Whether a text field's caret is at its start (`direction` -1) or end (1), nothing selected. */
function atEdge(input, direction) {
  if (input.selectionStart !== input.selectionEnd) return input.selectionStart === 0 && input.selectionEnd === input.value.length;
  return direction < 0 ? input.selectionStart === 0 : input.selectionEnd === input.value.length;
}
