// Where the browser tests and benchmarks find Chromium: Debian's, or CHROMIUM_PATH (test tools
// cannot download browsers on these machines).
export const chromiumPath = (env: Record<string, string | undefined> = process.env) => env.CHROMIUM_PATH || '/usr/bin/chromium';
