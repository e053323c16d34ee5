// How a refusal becomes the sentence the user reads: `api.js` (every request) and `engine.js`
// (every engine call) throw an Error whose message is `refusalText` of the refusal's `reason`,
// `args` and English `message` (docs/i18n.md, "Refusals").
//
// The translation itself lives in `i18n.js`, which installs it when its catalogs are in. This
// module has no top-level await, so the engine and the API client can be imported on a page
// that never loads the catalogs (they then say the English message): WebKit leaves the
// importers of a module still awaiting its catalogs uninitialised when two imports race.

let translate = ({ message }) => message;

/**
 * The sentence for a refusal: the catalog's `reason.IDENTIFIER` filled with `args` once
 * `i18n.js` is loaded, else (and for an identifier the catalogs do not know) `message`.
 * @param {{reason?: string, args?: object, message: string}} refusal
 */
export const refusalText = (refusal) => translate(refusal);

/** Installs the translation `refusalText` uses (called once, by `i18n.js`). */
export function setRefusalTranslator(translator) {
  translate = translator;
}
