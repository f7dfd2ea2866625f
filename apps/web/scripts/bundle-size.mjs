/**
 * Prints the production build's sizes: the JavaScript and CSS a first visit loads (the entry and
 * everything it imports statically), then the lazily loaded chunks, gzip-compressed as served.
 * Exits 1 when the initial JavaScript is over the budget. Run after `npm run build`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 150;
const dist = new URL('../dist/', import.meta.url).pathname;
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));

const gzipKb = (file) => gzipSync(readFileSync(join(dist, file))).length / 1000;

/** The chunks loaded before the app runs: the entry and its static imports, transitively. */
function initialChunks() {
  const entries = Object.keys(manifest).filter((key) => manifest[key].isEntry);
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  entries.forEach(visit);
  return seen;
}

const initial = initialChunks();
const chunks = Object.entries(manifest).map(([key, chunk]) => ({
  name: chunk.name ?? key,
  file: chunk.file,
  kb: gzipKb(chunk.file),
  initial: initial.has(key),
  css: (chunk.css ?? []).map((file) => ({ file, kb: gzipKb(file) })),
}));
const bySize = (a, b) => b.kb - a.kb;
const sum = (items) => items.reduce((total, item) => total + item.kb, 0);
const format = (kb) => `${kb.toFixed(1).padStart(7)} kB`;

const initialJs = chunks.filter((chunk) => chunk.initial).sort(bySize);
const initialCss = [
  ...new Map(initialJs.flatMap((chunk) => chunk.css).map((css) => [css.file, css])).values(),
];
const lazy = chunks.filter((chunk) => !chunk.initial).sort(bySize);

console.log('Initial JavaScript (gzip):');
for (const chunk of initialJs) console.log(`${format(chunk.kb)}  ${chunk.file}`);
console.log(`${format(sum(initialJs))}  total of ${initialJs.length} chunks`);
console.log(`\nInitial CSS (gzip): ${format(sum(initialCss)).trim()}`);
console.log(`\nLoaded on demand: ${lazy.length} chunks, ${format(sum(lazy)).trim()}; the largest:`);
for (const chunk of lazy.slice(0, 12)) console.log(`${format(chunk.kb)}  ${chunk.file}`);

const total = sum(initialJs);
const verdict = total <= BUDGET_KB ? 'within' : 'OVER';
console.log(
  `\nInitial JavaScript ${total.toFixed(1)} kB gzip: ${verdict} the ${BUDGET_KB} kB budget.`,
);
if (total > BUDGET_KB) process.exitCode = 1;
