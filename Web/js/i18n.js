// The editor's words in the reader's language (docs/i18n.md). Every string the chrome shows
// is looked up here by a hand-written key in a catalog, Web/i18n/LANG.json, one per language;
// English is the source and the fallback for a key a catalog lacks. Plurals are chosen by
// Intl.PluralRules, numbers and dates formatted by Intl in the chosen language. The catalogs
// are fetched by this module's own top-level await, so a module that imports it may look
// strings up as it loads (the tables of labels in settings.js are built then).

import { setRefusalTranslator } from './refusals.js';

/** The languages the editor speaks: code (BCP 47, the catalog's file name), name in itself, direction. */
export const LANGUAGES = [
  { code: 'en', name: 'English', dir: 'ltr' },
  { code: 'de', name: 'Deutsch', dir: 'ltr' },
  { code: 'fr', name: 'Français', dir: 'ltr' },
  { code: 'es', name: 'Español', dir: 'ltr' },
  { code: 'ja', name: '日本語', dir: 'ltr' },
  { code: 'zh-Hans', name: '简体中文', dir: 'ltr' },
  { code: 'ar', name: 'العربية', dir: 'rtl' },
  { code: 'he', name: 'עברית', dir: 'rtl' },
];

/** Where the language the user chose in Settings is kept ('auto': the browser's). */
const CHOICE_KEY = 'marginalia.language.v1';
const SOURCE = 'en';

/**
 * The supported language for a BCP 47 tag, or null: `de-AT` is German; Chinese is the
 * Simplified catalog unless the tag names Traditional script or a region that writes it.
 */
export function supportedLanguage(tag) {
  if (typeof tag !== 'string' || !tag) return null;
  const parts = tag.toLowerCase().split(/[-_]/);
  if (parts[0] === 'zh') {
    return parts.some((p) => ['hant', 'tw', 'hk', 'mo'].includes(p)) ? null : 'zh-Hans';
  }
  return LANGUAGES.find((l) => l.code === parts[0])?.code ?? null;
}

/** What Settings holds: 'auto' or a language code. */
export function chosenLanguage() {
  try {
    const saved = localStorage.getItem(CHOICE_KEY);
    return supportedLanguage(saved) ?? 'auto';
  } catch {
    return 'auto';
  }
}

/**
 * The language to show: `?lang=` in the address, else the one chosen in Settings, else the
 * first of the browser's languages the editor speaks, else English.
 */
function pickLanguage() {
  const fromAddress = supportedLanguage(new URL(location.href).searchParams.get('lang'));
  if (fromAddress) return fromAddress;
  const chosen = chosenLanguage();
  if (chosen !== 'auto') return chosen;
  for (const tag of navigator.languages ?? [navigator.language]) {
    const found = supportedLanguage(tag);
    if (found) return found;
  }
  return SOURCE;
}

async function fetchCatalog(code) {
  const response = await fetch(`/app/i18n/${code}.json`);
  if (!response.ok) throw new Error(`the ${code} catalog answered ${response.status}`);
  return response.json();
}

/** The language the chrome is shown in (a code of LANGUAGES). */
export const language = pickLanguage();
const source = await fetchCatalog(SOURCE);
let catalog = source;
if (language !== SOURCE) {
  try {
    catalog = await fetchCatalog(language);
  } catch (error) {
    console.error(`Marginalia: showing English: ${error.message}`);
  }
}
const direction = LANGUAGES.find((l) => l.code === language).dir;
document.documentElement.lang = language;
document.documentElement.dir = direction;

const pluralRules = new Intl.PluralRules(language);
const numbers = new Intl.NumberFormat(language);

/** A number written as the language writes it (digits, grouping, decimal sign). */
export const formatNumber = (value, options) => (options ? new Intl.NumberFormat(language, options) : numbers).format(value);

/** A date (a Date, or what `new Date` takes) written in the language; `options` as Intl.DateTimeFormat's. */
export function formatDate(value, options = { dateStyle: 'medium', timeStyle: 'short' }) {
  return new Intl.DateTimeFormat(language, options).format(value instanceof Date ? value : new Date(value));
}

function fill(text, params) {
  return text.replace(/\{(\w+)\}/g, (whole, name) => {
    if (!(name in params)) return whole;
    const value = params[name];
    return typeof value === 'number' ? numbers.format(value) : String(value);
  });
}

function entry(table, key, count) {
  const found = table[key];
  if (found === undefined || typeof found === 'string') return found;
  // A plural: the language's category for the count, else its `other`.
  return found[pluralRules.select(count ?? 0)] ?? found.other;
}

/**
 * The string `key` in the chosen language, English where its catalog lacks it, with each
 * `{name}` replaced by `params.name` (numbers formatted). A key whose entry is a plural picks
 * the form for `params.count`. An unknown key shows itself, so a missing string is seen.
 */
export function t(key, params = {}) {
  const text = entry(catalog, key, params.count) ?? entry(source, key, params.count);
  if (text === undefined) {
    console.error(`Marginalia: no string ${key}`);
    return key;
  }
  return fill(text, params);
}

/** A size in bytes written as the language writes it, in bytes, kB, MB or GB (1024 each). */
export function formatSize(bytes) {
  const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return formatNumber(value, { style: 'unit', unit: units[unit], unitDisplay: 'short', maximumFractionDigits: 1 });
}

/**
 * A refusal of the server or the engine in the chosen language (docs/i18n.md, "Refusals"):
 * the catalog's sentence `reason.IDENTIFIER` filled with `args` (an argument whose name ends in
 * `Bytes` written as a size, numbers as the language writes them, text isolated in a right-to-left
 * language), or `message`, the English
 * the server or the engine wrote, for no identifier or one the catalogs do not know (a newer
 * server's).
 * @param {{reason?: string, args?: object, message: string}} refusal
 */
export function refusalText({ reason, args, message }) {
  if (typeof reason !== 'string') return message;
  const key = `reason.${reason}`;
  if (entry(catalog, key) === undefined && entry(source, key) === undefined) return message;
  const params = {};
  for (const [name, value] of Object.entries(args && typeof args === 'object' ? args : {})) {
    // Text from outside (a name, an option such as --max-upload) is isolated in a right-to-left
    // sentence, so its own direction cannot reorder the words around it (FSI … PDI).
    if (name.endsWith('Bytes') && Number.isFinite(value)) params[name] = formatSize(value);
    else params[name] = typeof value === 'string' && direction === 'rtl' ? `\u2068${value}\u2069` : value;
  }
  return t(key, params);
}

/**
 * Keeps `code` ('auto' or a language code) as the language chosen in Settings. The caller
 * reloads the page to show it (editor.js, `changeLanguage`).
 */
export function chooseLanguage(code) {
  try {
    if (code === 'auto') localStorage.removeItem(CHOICE_KEY);
    else localStorage.setItem(CHOICE_KEY, code);
  } catch { /* private mode: this page only */ }
}

// The page's own words (Web/index.html): an element's `data-i18n` key gives its text, its
// `data-i18n-aria-label` key its accessible name.
for (const element of document.querySelectorAll('[data-i18n]')) element.textContent = t(element.dataset.i18n);
for (const element of document.querySelectorAll('[data-i18n-aria-label]')) element.setAttribute('aria-label', t(element.dataset.i18nAriaLabel));

// From here on the API client's and the engine's refusals are said in this language.
setRefusalTranslator(refusalText);
