// Share: where the browser can hand files to the system's share sheet (the Web Share API with
// files: `navigator.canShare({files})` and `navigator.share`; Safari on iPad and iPhone, which
// offer Save to Photos, Mail, Files...), Download and every Export offer Share beside them.
// Elsewhere they download as before. The API needs a secure context (HTTPS, or localhost).
//
// Safari lets a page share only while the tap that asked for it is recent (transient user
// activation). A file that took too long to fetch is kept: Share asks for a second tap, which
// shares it at once.

import { t } from './i18n.js';

/**
 * Whether this browser can share a file of media type `type` now. Asked each time the
 * toolbar or a menu is drawn, so a capability the browser gains or loses is followed.
 * @param {string} [type]
 */
export function canShareFiles(type = 'application/pdf') {
  if (!window.isSecureContext || typeof navigator.share !== 'function' || typeof navigator.canShare !== 'function') return false;
  try {
    return navigator.canShare({ files: [new File([new Uint8Array(0)], 'probe', { type })] }) === true;
  } catch {
    return false;
  }
}

/** The file fetched for a Share whose tap had expired, waiting for the second tap. */
let waiting = null;

/**
 * Shares the file `make` produces through the share sheet. `key` names the file's contents
 * (its kind and the document's revision): a second tap on the same Share uses the file kept
 * when the first could not open the sheet.
 * @param {string} key
 * @param {() => Promise<File>} make
 * @param {(message: string, isError?: boolean) => void} status
 */
export async function shareFile(key, make, status) {
  const file = waiting?.key === key ? waiting.file : await make();
  waiting = null;
  try {
    await navigator.share({ files: [file], title: file.name });
    status(t('share.shared', { name: file.name }));
  } catch (error) {
    if (error?.name === 'AbortError') return;  // the user closed the share sheet
    if (error?.name === 'NotAllowedError') {
      waiting = { key, file };
      status(t('share.ready', { name: file.name }));
      return;
    }
    throw error;
  }
}
