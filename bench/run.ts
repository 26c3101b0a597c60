import fs from 'node:fs';
import path from 'node:path';

/*
 * `npm run bench`: runs every bench/*.bench.ts (each exports `run(): Promise<Record<string, number>>`), prints
 * the figures and writes them to bench/results.json. A full run replaces the file, so that no figure of an
 * earlier run (or of a bench that no longer exists) survives it; a run of some benches (`npm run bench -- usage`)
 * updates their figures only. Benchmarks are not timed tests: nothing here fails on a target; the figures go into
 * the issues' closing notes.
 */

type BenchModule = { run: () => Promise<Record<string, number>> };

const dir = import.meta.dirname;
const only = process.argv.slice(2);
const files = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();

const resultsPath = path.join(dir, 'results.json');
const previous: Record<string, unknown> =
  only.length > 0 && fs.existsSync(resultsPath) ? (JSON.parse(fs.readFileSync(resultsPath, 'utf8')) as Record<string, unknown>) : {};
const figures: Record<string, number> = {};

for (const file of files) {
  console.log(`\n▶ ${file}`);
  const mod = (await import(path.join(dir, file))) as BenchModule;
  const result = await mod.run();
  for (const [name, value] of Object.entries(result)) {
    console.log(`  ${name.padEnd(40)} ${value}`);
    figures[name] = value;
  }
}

const merged = {
  ...previous,
  ...figures,
  measuredAt: new Date().toISOString(),
  machine: `${process.platform} ${process.arch}, node ${process.version}`,
};
fs.writeFileSync(resultsPath, `${JSON.stringify(merged, null, 2)}\n`);
console.log(`\nwrote ${path.relative(process.cwd(), resultsPath)}`);
