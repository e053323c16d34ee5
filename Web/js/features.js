// The editor's features that page 1 does not need (issue 36, docs/editor-web.md "Large files"):
// the documents and versions popovers, exports and printing, signing, the tools' settings
// and the stamp picker, the outline, who else is here. They are not in main.js's static imports, so the
// browser neither fetches nor compiles them before the first page: main.js asks for them all
// by dynamic import (`loadFeatures`) once a page is drawn, or the opening is over without
// one. What a click or a key reaches for before then waits for its module (`feature`): the
// same import, started at once if it was not yet, so nothing the user did is lost.
//
// A module named here must not be imported statically by the modules page 1 loads, or it
// would be fetched before the first page all the same (scripts/modulepreload.py lists what
// is; Tests/e2e/test_deferred_features.py checks that these come after the first page).

/** Each feature's module, by name: a dynamic import, so scripts/modulepreload.py does not follow it. */
const MODULES = {
  documents: () => import('./documents.js'),
  versions: () => import('./versions.js'),
  exporting: () => import('./exporting.js'),
  printing: () => import('./printing.js'),
  sign: () => import('./tools/sign.js'),
  certificates: () => import('./certificatesigning.js'),
  signatures: () => import('./signaturespanel.js'),
  toolSettings: () => import('./toolsettings.js'),
  stamps: () => import('./tools/stamp.js'),
  presence: () => import('./presence.js'),
  outline: () => import('./outline.js'),
};

/** The modules asked for so far, each asked for once (again after a failure). @type {Map<string, Promise<object>>} */
const asked = new Map();
let loading = false;
/** Resolves once `loadFeatures` has run (`started`). */
let started;
const afterFirstPage = new Promise((resolve) => { started = resolve; });

/**
 * A feature's module, loaded once: at once when `loadFeatures` has run, else loaded now.
 * @param {keyof MODULES} name
 * @returns {Promise<object>} the module's namespace
 */
export function feature(name) {
  const load = MODULES[name];
  if (!load) return Promise.reject(new Error(`features.js: no feature named "${name}"`));
  if (!asked.has(name)) {
    const module = load();
    asked.set(name, module);
    module.catch(() => asked.delete(name));  // the next click asks again
  }
  return asked.get(name);
}

/**
 * A feature's module once `loadFeatures` has asked for them all, not sooner: for what shows
 * itself unasked (who else is here) rather than answering a tap, which must not pull its
 * module in before page 1.
 * @param {keyof MODULES} name
 * @returns {Promise<object>} the module's namespace
 */
export function featureAfterFirstPage(name) {
  return afterFirstPage.then(() => feature(name));
}

/** Asks for every feature's module (once; later calls do nothing): once page 1 is drawn. */
export function loadFeatures() {
  if (loading) return;
  loading = true;
  performance.mark('marginalia:features');
  for (const name of Object.keys(MODULES)) feature(name).catch(() => {});  // a failure is reported by the click that waits for it
  started();
}
