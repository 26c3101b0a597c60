import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { chunk, dist } from './manifest.ts';

/*
 * The build's own preload helper (scripts/build/lean-preload.ts) in place of Vite's, checked on the production build
 * (`npm test` builds before the unit tests).
 */

const entry = fs.readFileSync(path.join(dist, chunk('index.html').file), 'utf8');

describe("the entry's preload helper", () => {
  it("is the build's: it adds no <link> for a lazy chunk's dependencies, which the app never lists", () => {
    expect(entry).not.toContain('Unable to preload CSS');
    expect(entry).not.toContain('csp-nonce');
    expect(entry).not.toContain('modulepreload');
  });

  it('still reports a failed import as Vite does, which the chunk-load error listens to (src/lib/chunk-load.ts)', () => {
    expect(entry).toContain('vite:preloadError');
  });

  it("wraps the app's lazy imports with no dependencies to preload", () => {
    // e.g. `g(()=>import(\`./settings-screens-….js\`),[])`: the helper is called, the list is empty.
    const lazy = [...entry.matchAll(/\(\(\)=>import\(`\.\/[\w-]+\.js`\)(,[^)]*)?\)/g)].map((match) => match[1] ?? '');
    expect(lazy.length).toBeGreaterThan(10);
    expect(lazy.filter((deps) => deps !== ',[]')).toEqual([]);
  });
});
