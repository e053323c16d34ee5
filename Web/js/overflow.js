// One toolbar row at any width down to a tablet's (issue 15: at iPad portrait width the
// toolbar wrapped to two rows): when the buttons do not fit, the least used go, in a fixed
// order, into a More menu at the end of the toolbar, which does what each would have done.
// The tools never go. Measured again when the toolbar's width changes, and when one of its
// groups' does (another viewer's avatar, the offline badge): those push the row wider than
// the window without changing the toolbar's own width.

import { toolbarButton } from './toolbar.js';
import { openPopover, closePopover, action } from './popover.js';
import { t } from './i18n.js';

/** The buttons (`data-tool`) that leave the row first. */
const ORDER = ['redact-apply', 'share', 'download', 'versions', 'export', 'zoomOut', 'zoomIn', 'fitWidth', 'comments', 'outline', 'sign', 'settings', 'pages', 'sidebar', 'open', 'redo', 'save'];

/** Installs the More menu at the end of `group` and keeps `toolbar` to one row. */
export function installOverflow(toolbar, group) {
  const more = toolbarButton({
    name: 'more', label: t('toolbar.more'),
    onTap: (button) => openPopover(button, t('toolbar.more'), () => overflowed().map((b) => action(b.getAttribute('aria-label'), () => {
      closePopover();
      b.tapFrom(button);
    }))),
  });
  more.setAttribute('aria-haspopup', 'dialog');
  group.append(more);
  // A hidden button (Share where files cannot be shared) takes no room and is not offered.
  const candidates = () => ORDER.map((name) => toolbar.querySelector(`[data-tool="${name}"]`)).filter((b) => b && !b.hidden);
  const overflowed = () => candidates().filter((b) => b.classList.contains('overflowed'));
  const overflows = () => toolbar.scrollWidth > toolbar.clientWidth + 1;

  function fit() {
    toolbar.classList.add('compact');
    for (const b of candidates()) b.classList.remove('overflowed');
    more.hidden = true;
    if (!overflows()) return;
    more.hidden = false;
    for (const b of candidates()) {
      b.classList.add('overflowed');
      if (!overflows()) return;
    }
    toolbar.classList.remove('compact');  // narrower than a phone's row: wrap as before
  }

  let pending = false;
  const refit = () => {
    if (pending) return;
    pending = true;
    requestAnimationFrame(() => { pending = false; fit(); });
  };
  // The toolbar's groups too: an avatar or a badge widens its group, not the toolbar. (What
  // fit() does leaves the sizes as they were, so it does not call itself again.)
  const sizes = new ResizeObserver(refit);
  for (const element of [toolbar, ...toolbar.children]) sizes.observe(element);
  fit();
  return { fit };
}
