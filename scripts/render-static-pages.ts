// The landing page of each language as static files: rendered with the server renderer Vite built
// (`<dist>-ssr/entry-server.js`, the same code the product server renders with per request) into
// `<dist>/<lang>/index.html`, so a CDN can serve them. They are rendered into the landing's own
// shell (landing.html), whose entry hydrates them without the router. No browser takes part.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  LANDING_SHELL_FILE,
  SERVER_RENDERER_FILE,
  serverRendererDir,
  SITE_URL_PLACEHOLDER,
  staticLandingPaths,
  type ServerRenderer,
} from '../domain/public-pages';

export async function renderStaticPages(distDir: string): Promise<void> {
  const renderer = (await import(pathToFileURL(resolve(serverRendererDir(distDir), SERVER_RENDERER_FILE)).href)) as ServerRenderer;
  const template = readFileSync(join(distDir, LANDING_SHELL_FILE), 'utf8');
  for (const { url, file } of staticLandingPaths) {
    const page = await renderer.renderPage({ url, siteUrl: SITE_URL_PLACEHOLDER, template });
    if (page.kind !== 'page' || page.status !== 200) throw new Error(`${url} rendered as ${page.kind} ${page.status}, not a 200 page`);
    const path = join(distDir, file);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, page.html);
  }
}
