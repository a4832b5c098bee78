// The first step of `npm test`: the browser tests need Chromium. Without it, stop at once with one
// line saying how to get it, rather than fail minutes later in Playwright. (`npm start` and
// `npm run build` need no browser.)
import { accessSync, constants, statSync } from 'node:fs';
import { chromiumPath } from './chromium-path';

const path = chromiumPath();
const runnable = (() => {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
})();
if (!runnable) {
  console.error(
    `npm test needs Chromium for its browser tests and finds none at ${path}: install it (apt-get install chromium) or set CHROMIUM_PATH to its executable.`,
  );
  process.exit(1);
}
