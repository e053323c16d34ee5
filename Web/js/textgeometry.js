// Page text geometry from pdf.js getTextContent: each text item's baseline origin, direction
// and height in page space, with characters spread evenly over the item's advance (pdf.js 2.14
// gives no per-glyph positions). Used by the text markup tool to turn a drag into quads.

const cache = new Map(); // pdf fingerprint/page → Promise<TextRun[]>

/**
 * @typedef {{origin: [number, number], u: [number, number], n: [number, number], length: number, height: number, count: number, index: number}} TextRun
 */

/** The text runs of page `index` (page space), cached per document. */
export function textRuns(pdf, index) {
  const key = `${pdf.fingerprints?.[0] ?? pdf.fingerprint}:${index}`;
  if (!cache.has(key)) cache.set(key, load(pdf, index));
  return cache.get(key);
}

/** Forgets cached text runs (another document was opened). */
export function clearTextCache() { cache.clear(); }

async function load(pdf, index) {
  const page = await pdf.getPage(index + 1);
  const content = await page.getTextContent();
  const runs = [];
  content.items.forEach((item, i) => {
    if (!item.str || !item.str.trim()) return;
    const [a, b, c, d, e, f] = item.transform;
    const scaleX = Math.hypot(a, b) || 1;
    const height = item.height || Math.hypot(c, d) || 10;
    const u = [a / scaleX, b / scaleX];
    const n = [-u[1], u[0]]; // up, perpendicular to the baseline
    runs.push({ origin: [e, f], u, n, length: item.width || scaleX * item.str.length * 0.5, height, count: item.str.length, index: i });
  });
  return runs;
}

/** The nearest character boundary to a page point: {run, offset} (offset 0...count), or null. */
export function caretAt(runs, [x, y]) {
  let best = null;
  for (let r = 0; r < runs.length; r++) {
    const run = runs[r];
    const dx = x - run.origin[0], dy = y - run.origin[1];
    const s = dx * run.u[0] + dy * run.u[1];
    const t = dx * run.n[0] + dy * run.n[1];
    const vertical = t < -0.3 * run.height ? -0.3 * run.height - t : t > 1.1 * run.height ? t - 1.1 * run.height : 0;
    const along = s < 0 ? -s : s > run.length ? s - run.length : 0;
    const distance = vertical * 3 + along;
    if (distance > run.height * 4) continue;
    if (!best || distance < best.distance) {
      const offset = Math.max(0, Math.min(run.count, Math.round((s / run.length) * run.count)));
      best = { run: r, offset, distance };
    }
  }
  return best;
}

/**
 * The quads covering the text between two carets, one per line, in /QuadPoints order
 * (upper-left, upper-right, lower-left, lower-right).
 */
export function quadsBetween(runs, from, to) {
  if (!from || !to) return [];
  let [a, b] = [from, to];
  if (a.run > b.run || (a.run === b.run && a.offset > b.offset)) [a, b] = [b, a];
  const lines = [];
  for (let r = a.run; r <= b.run; r++) {
    const run = runs[r];
    const start = r === a.run ? a.offset : 0;
    const end = r === b.run ? b.offset : run.count;
    if (end <= start) continue;
    const s0 = (start / run.count) * run.length, s1 = (end / run.count) * run.length;
    const line = lines.find((l) => sameLine(l.run, run));
    if (line) { line.s0 = Math.min(line.s0, project(line.run, run, s0)); line.s1 = Math.max(line.s1, project(line.run, run, s1)); }
    else lines.push({ run, s0, s1 });
  }
  return lines.map(({ run, s0, s1 }) => {
    const at = (s, t) => [run.origin[0] + run.u[0] * s + run.n[0] * t, run.origin[1] + run.u[1] * s + run.n[1] * t];
    const lo = -0.22 * run.height, hi = 0.95 * run.height;
    return [...at(s0, hi), ...at(s1, hi), ...at(s0, lo), ...at(s1, lo)].map((v) => Math.round(v * 100) / 100);
  });
}

function sameLine(a, b) {
  const dx = b.origin[0] - a.origin[0], dy = b.origin[1] - a.origin[1];
  const t = dx * a.n[0] + dy * a.n[1];
  return Math.abs(a.u[0] * b.u[0] + a.u[1] * b.u[1] - 1) < 0.01 && Math.abs(t) < a.height * 0.5;
}

function project(line, run, s) {
  const x = run.origin[0] + run.u[0] * s - line.origin[0];
  const y = run.origin[1] + run.u[1] * s - line.origin[1];
  return x * line.u[0] + y * line.u[1];
}
