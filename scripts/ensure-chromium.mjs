// Make sure the browsers of the browser tests exist (README). The tests run headless, so they prefer Chromium's
// headless shell (what Playwright itself runs headless: no window system, no browser UI; the suite runs about a third
// faster in it than in the full Chromium here); the web push specs need the full Chromium, which the shell lacks.
// As root with apt-get: Debian's `chromium-headless-shell` and `chromium` packages, whichever is missing. Otherwise,
// when no Chromium at all is found, Playwright's own download. e2e/fixtures/browsers.ts looks for the same binaries.
import { execSync } from 'node:child_process';
import fs from 'node:fs';

const exists = (paths) => paths.some((p) => fs.existsSync(p));
const hasShell = exists(['/usr/bin/chromium-headless-shell']);
const hasFull = exists(['/usr/bin/chromium', '/usr/bin/chromium-browser']);
const hasApt = (() => {
  try {
    execSync('command -v apt-get', { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const missing = [...(hasShell ? [] : ['chromium-headless-shell']), ...(hasFull ? [] : ['chromium'])];

if (process.env.CHROMIUM_PATH && fs.existsSync(process.env.CHROMIUM_PATH)) {
  console.log(`Chromium: ${process.env.CHROMIUM_PATH}`);
} else if (missing.length === 0) {
  console.log('Chromium: its headless shell and the full browser are installed');
} else if (isRoot && hasApt) {
  console.log(`Installing Debian's ${missing.join(' and ')} for the browser tests…`);
  try {
    execSync(`apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${missing.join(' ')}`, { stdio: 'inherit' });
  } catch (error) {
    // An older Debian without the headless shell's package: the full Chromium runs every test, more slowly.
    if (!hasFull) throw error;
    console.log(`could not install ${missing.join(' ')}: the tests run in the full Chromium`);
  }
} else if (!hasShell && !hasFull) {
  console.log("No Chromium found: installing Playwright's Chromium…");
  execSync('npx playwright install chromium', { stdio: 'inherit' });
} else {
  // Not root: the full Chromium then runs every test (more slowly), or the shell every test but web push's.
  console.log(`Chromium found, ${missing.join(' and ')} missing (root installs it with apt-get)`);
}
