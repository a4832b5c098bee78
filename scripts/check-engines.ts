// `npm run engines:check`: every installed package's `engines.node` must allow the Node we run
// on (20.20 on these machines), so a dependency never silently requires a newer Node.
import { readFileSync } from 'node:fs';
import semver from 'semver';

const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as {
  packages: Record<string, { engines?: { node?: string } | string[]; dev?: boolean; optional?: boolean }>;
};
const node = process.versions.node;
const refused = Object.entries(lock.packages)
  .filter(([path, meta]) => path && !Array.isArray(meta.engines) && meta.engines?.node)
  .filter(([, meta]) => !semver.satisfies(node, (meta.engines as { node: string }).node, { includePrerelease: true }))
  .map(([path, meta]) => `${path.replace(/^.*node_modules\//, '')} needs node ${(meta.engines as { node: string }).node}`);

if (refused.length > 0) {
  console.error(`Packages whose engines refuse node ${node}:\n  ${refused.join('\n  ')}`);
  process.exit(1);
}
console.log(`engines: every package allows node ${node}`);
