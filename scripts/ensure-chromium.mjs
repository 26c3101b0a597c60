// Make sure a Chromium exists for the browser tests (README): Debian's package when we are root with apt-get,
// otherwise Playwright's own download. Nothing happens when one is already there.
import { execSync } from 'node:child_process';
import fs from 'node:fs';

const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean);
const found = candidates.find((p) => p && fs.existsSync(p));
if (found) {
  console.log(`Chromium: ${found}`);
  process.exit(0);
}

const hasApt = (() => {
  try {
    execSync('command -v apt-get', { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

if (isRoot && hasApt) {
  console.log("No Chromium found: installing Debian's chromium package…");
  execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', { stdio: 'inherit' });
} else {
  console.log("No Chromium found: installing Playwright's Chromium…");
  execSync('npx playwright install chromium', { stdio: 'inherit' });
}
