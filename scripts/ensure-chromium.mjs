// Make sure a Chromium exists for the browser tests (README). The tests run headless, so the browser they prefer is
// Chromium's headless shell (what Playwright itself runs headless: no window system, no full browser UI; the same
// suite runs about a third faster in it than in the full browser here): Debian's `chromium-headless-shell` package,
// installed when we are root with apt-get. Otherwise the full Chromium found on the machine, otherwise Playwright's
// own download. playwright.config.ts looks for them in the same order.
import { execSync } from 'node:child_process';
import fs from 'node:fs';

const headlessShells = ['/usr/bin/chromium-headless-shell'];
const browsers = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

const hasApt = (() => {
  try {
    execSync('command -v apt-get', { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const found = [process.env.CHROMIUM_PATH, ...headlessShells, ...browsers].find((p) => p && fs.existsSync(p));
const isShell = found !== undefined && headlessShells.includes(found);

if (isShell || (found && !(isRoot && hasApt)) || (found && process.env.CHROMIUM_PATH)) {
  console.log(`Chromium: ${found}`);
  process.exit(0);
}

if (isRoot && hasApt) {
  console.log("Installing Debian's chromium-headless-shell package for the browser tests…");
  try {
    execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-headless-shell', { stdio: 'inherit' });
    process.exit(0);
  } catch (error) {
    // An older Debian without the package: its full Chromium does the same job, more slowly.
    if (found) {
      console.log(`chromium-headless-shell could not be installed (${String(error)}): using ${found}`);
      process.exit(0);
    }
    execSync('DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', { stdio: 'inherit' });
  }
} else {
  console.log("No Chromium found: installing Playwright's Chromium…");
  execSync('npx playwright install chromium', { stdio: 'inherit' });
}
