// Prints the gzipped size of the JavaScript the sign-in page loads (the initial chunks of the
// `main` entry, as listed in webpack-stats.json) and fails when it is above the budget.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

// 101 (was 100): the sign-in's second factor step (issue 34), see webpack.config.js's MAX_ASSET_BYTES
const BUDGET_BYTES = 101 * 1024;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const stats = JSON.parse(readFileSync(path.join(root, 'webpack-stats.json'), 'utf8'));

if (stats.status !== 'done') {
  console.error(`bundle-size: webpack-stats.json status is "${stats.status}"`);
  process.exit(1);
}
const initialFiles = (stats.chunks?.main ?? []).filter((name) => name.endsWith('.js'));
if (initialFiles.length === 0) {
  console.error('bundle-size: no JavaScript listed for the `main` entry');
  process.exit(1);
}

let total = 0;
for (const name of initialFiles) {
  const asset = stats.assets[name];
  const file = path.join(root, 'dist/bundles', asset?.path ? path.basename(asset.path) : name);
  const gzipped = gzipSync(readFileSync(file), { level: 9 }).length;
  total += gzipped;
  console.log(`  ${name.padEnd(40)} ${(gzipped / 1024).toFixed(1).padStart(7)} KB gzipped`);
}
const verdict = total <= BUDGET_BYTES ? 'OK' : 'OVER BUDGET';
console.log(
  `Sign-in page JavaScript: ${(total / 1024).toFixed(1)} KB gzipped ` +
    `(budget ${BUDGET_BYTES / 1024} KB): ${verdict}`,
);
if (total > BUDGET_BYTES) process.exit(1);
