// The password prompt of an encrypted PDF: the server answers an upload it cannot open
// without a password with 422 `passwordRequired`; the prompt asks for the password and the
// upload is sent again with it (docs/api.md, "Encrypted PDFs"). The server keeps the document
// unlocked, so nobody who opens it later is asked again.

import { html } from './svg.js';
import { t } from './i18n.js';

/**
 * Sends an upload, asking for the file's password while the server answers that it needs one.
 * @param {string} fileName what the prompt calls the file
 * @param {(password: string|undefined) => Promise<any>} send the upload, with the password to send
 * @returns {Promise<any>} what `send` resolved with, or null when the user cancelled the prompt
 */
export async function sendWithPassword(fileName, send) {
  let password;
  for (;;) {
    try {
      return await send(password);
    } catch (error) {
      if (error.code !== 'passwordRequired') throw error;
      password = await askPassword(fileName, password !== undefined);
      if (password === null) return null;
    }
  }
}

/**
 * Asks for a file's password in a modal dialog.
 * @param {string} fileName
 * @param {boolean} wrong whether the last password given did not open the file
 * @returns {Promise<string|null>} the password, or null when cancelled
 */
export function askPassword(fileName, wrong) {
  const input = html('input', {
    class: 'password-input', type: 'password', autocomplete: 'off', required: true,
    'aria-label': t('password.label'), 'aria-describedby': 'password-message',
  });
  const message = html('p', {
    id: 'password-message', class: wrong ? 'password-message wrong' : 'password-message', role: wrong ? 'alert' : null,
    text: wrong ? t('password.wrong')
      : t('password.explain'),
  });
  const cancel = html('button', { type: 'button', class: 'password-cancel', text: t('common.cancel') });
  const dialog = html('dialog', { class: 'password-dialog', 'aria-labelledby': 'password-title' }, [
    html('form', { method: 'dialog', class: 'password-form' }, [
      html('h2', { id: 'password-title', class: 'popover-title', text: t('password.title', { name: fileName }) }),
      message,
      input,
      html('div', { class: 'password-actions' }, [cancel, html('button', { type: 'submit', class: 'review-button', text: t('common.open') })]),
    ]),
  ]);
  document.body.append(dialog);
  return new Promise((resolve) => {
    let answer = null;
    dialog.querySelector('form').addEventListener('submit', () => { answer = input.value; });
    cancel.addEventListener('click', () => dialog.close());
    dialog.addEventListener('close', () => { dialog.remove(); resolve(answer); });
    dialog.showModal();
    input.focus();
  });
}
