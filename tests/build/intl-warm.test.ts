import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { dist } from './manifest.ts';

/*
 * The Intl warm-up worker (workers/intl-warm.worker.ts) as the build writes it (scripts/build/prerender.ts) and home's
 * page names it for src/paint-first.ts, checked on the production build (`npm test` builds before the unit tests).
 */

const page = (name: string): string => fs.readFileSync(path.join(dist, name), 'utf8');
const warmUpOf = (html: string): string | undefined => /<script src="[^"]+" data-intl-warm="([^"]+)"><\/script>/.exec(html)?.[1];

describe('the Intl warm-up worker', () => {
  it("is named by home's page, on its layout script, and precached with it (home's page is only served offline-first)", () => {
    const url = warmUpOf(page('home.html'));
    expect(url).toMatch(/^\/assets\/intl-warm-[\w-]{8}\.js$/);
    expect(fs.existsSync(path.join(dist, url!))).toBe(true);
    expect(page('sw.js')).toContain(url!.slice(1));
  });

  it('is one classic script: no module graph to fetch, no import or export', () => {
    const code = fs.readFileSync(path.join(dist, warmUpOf(page('home.html'))!), 'utf8');
    expect(code).not.toMatch(/(^|[;}\s])(import|export)[\s{*]/);
    expect(code).toContain('close()');
  });

  it("is not started by the server's page of a first visit, where its file would be one more download", () => {
    expect(warmUpOf(page('home-first.html'))).toBeUndefined();
    expect(page('home-first.html')).not.toContain('intl-warm');
  });
});
