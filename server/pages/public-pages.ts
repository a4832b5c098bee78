// The public pages, server-rendered: the landing of each language from the static files the build
// rendered (their origin stand-in replaced as they are served), and any page per request through
// the server renderer Vite built (dist-ssr/entry-server.js), into the landing's own shell. A page
// that fails to render answers the SPA shell, which the browser renders itself; the failure is
// logged with the request id. The landing's lead forms sent as plain forms come back here too
// (lead-form-posts.ts), rendered with their outcome.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  LANDING_SHELL_FILE,
  SERVER_RENDERER_FILE,
  serverRendererDir,
  SITE_URL_PLACEHOLDER,
  staticLandingPaths,
  type ServerRenderer,
  type ShopRenderer,
} from '@/domain/public-pages';
import { cspHeader, inlineScriptHashes, type CspDirectives } from '../http/content-security-policy';
import { siteOrigin } from '../http/site-origin';
import { registerLeadFormPosts } from './lead-form-posts';
import { renderPool } from './render-pool';

export type PublicPagesOptions = {
  /** The built SPA (index.html, the static landing pages); the renderer is in its `-ssr` sibling. */
  root: string;
  csp: CspDirectives;
  /** SITE_URL; unset: the request's own origin. */
  siteUrl?: string;
  /** The renderer to use instead of the built one (tests). */
  renderer?: (ServerRenderer & Partial<ShopRenderer>) | null;
  /** How many pages the built renderer renders at once (its worker threads). */
  renderThreads: number;
};

export type PageResponder = (request: FastifyRequest, reply: FastifyReply, url: string) => Promise<FastifyReply>;

/**
 * Registers the landing pages; returns the responder that renders any public page (or answers the
 * SPA shell), and the renderer in use (the shopper's pages render with it too).
 */
export function registerPublicPages(
  app: FastifyInstance,
  options: PublicPagesOptions,
): { renderOrShell: PageResponder; renderer: (ServerRenderer & Partial<ShopRenderer>) | null } {
  const shell = readFileSync(join(options.root, 'index.html'), 'utf8');
  // The landing renders into its own shell, whose entry hydrates it without the router (a build
  // without one renders into the app's, which hydrates it with the router).
  const landingShellPath = join(options.root, LANDING_SHELL_FILE);
  const landingShell = existsSync(landingShellPath) ? readFileSync(landingShellPath, 'utf8') : shell;
  const renderer = options.renderer !== undefined ? options.renderer : builtRenderer(app, options);

  const sendHtml = (reply: FastifyReply, html: string, status = 200, csp = cspHeader(options.csp, inlineScriptHashes(html))) =>
    reply
      .code(status)
      .header('cache-control', reply.getHeader('cache-control') ?? 'no-cache')
      .header('content-security-policy', csp)
      .type('text/html; charset=utf-8')
      .send(html);

  const renderOrShell: PageResponder = async (request, reply, url) => {
    if (renderer) {
      try {
        const page = await renderer.renderPage({ url, siteUrl: siteOrigin(request, options.siteUrl), template: landingShell });
        if (page.kind === 'redirect') return reply.redirect(page.location, page.status);
        return sendHtml(reply, page.html, page.status);
      } catch (error) {
        request.log.error({ err: error, url: request.routeOptions.url }, 'server rendering failed; answering the SPA shell');
      }
    }
    return sendHtml(reply, shell);
  };

  for (const { lang, url, file } of staticLandingPaths) {
    const path = join(options.root, file);
    const rendered = existsSync(path) ? readFileSync(path, 'utf8') : null;
    // The page and its CSP for the last origin asked (with SITE_URL set, always the same one).
    let filled: { origin: string; html: string; csp: string } | null = null;
    const landing = (request: FastifyRequest, reply: FastifyReply) => {
      if (!rendered) return renderOrShell(request, reply, url);
      const origin = siteOrigin(request, options.siteUrl);
      if (filled?.origin !== origin) {
        const html = rendered.replaceAll(SITE_URL_PLACEHOLDER, origin);
        filled = { origin, html, csp: cspHeader(options.csp, inlineScriptHashes(html)) };
      }
      return sendHtml(reply, filled.html, 200, filled.csp);
    };
    app.get(`/${lang}`, landing);
    app.get(`/${lang}/`, landing);
    // The service worker precaches the file by this name: it too gets the origin filled in.
    app.get(`/${lang}/index.html`, landing);
  }
  registerLeadFormPosts(app, {
    render: async (request, lang, form) => {
      if (!renderer) return null;
      const page = await renderer.renderPage({
        url: `/${lang}/`,
        siteUrl: siteOrigin(request, options.siteUrl),
        template: landingShell,
        form,
      });
      return page.kind === 'page' ? page.html : null;
    },
    send: (reply, html, status) => sendHtml(reply, html, status),
  });
  return { renderOrShell, renderer };
}

/** The renderer Vite built beside the SPA, in worker threads that close with the app; null without one. */
function builtRenderer(app: FastifyInstance, { root, renderThreads }: PublicPagesOptions): (ServerRenderer & ShopRenderer) | null {
  const file = resolve(serverRendererDir(root), SERVER_RENDERER_FILE);
  if (!existsSync(file)) {
    app.log.warn({ file }, 'no server renderer: public pages are served as the SPA shell (run "npm run build")');
    return null;
  }
  const pool = renderPool(file, renderThreads);
  app.addHook('onClose', () => pool.close());
  return pool;
}
