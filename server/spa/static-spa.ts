import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { locales } from '../../domain/locales';
import { notFound } from '../http/error-handler';

// Files that must always be revalidated so a new deploy is seen at once.
const NO_CACHE = new Set(['/index.html', '/sw.js', '/manifest.webmanifest', '/build-id.json', '/registerSW.js']);

function cacheControlFor(urlPath: string): string {
  if (urlPath.startsWith('/assets/')) {
    return 'public, max-age=31536000, immutable';
  }
  // Prerendered landing pages (/<lang>/index.html) name the build's assets like index.html does.
  if (NO_CACHE.has(urlPath) || urlPath.startsWith('/workbox-') || urlPath.endsWith('/index.html')) return 'no-cache';
  return 'public, max-age=3600';
}

/** Serves the built SPA: static files, and index.html for every client-side route. */
export async function registerStaticSpa(app: FastifyInstance, distDir: string) {
  const root = resolve(distDir);
  if (!existsSync(resolve(root, 'index.html'))) {
    throw new Error(`No built SPA in ${root}: run "npm run build" first.`);
  }
  await app.register(fastifyStatic, {
    root,
    index: ['index.html'],
    wildcard: true,
    cacheControl: false,
    setHeaders: (res, filePath) => {
      const urlPath = '/' + filePath.slice(root.length + 1).split('\\').join('/');
      res.setHeader('cache-control', cacheControlFor(urlPath));
    },
  });

  // The landing page of each language, prerendered at build time (scripts/prerender.ts): its
  // content and meta tags are in the first response. Without that file, the SPA shell as before.
  for (const lang of locales) {
    const landing = (_request: FastifyRequest, reply: FastifyReply) => {
      const file = existsSync(resolve(root, lang, 'index.html')) ? `${lang}/index.html` : 'index.html';
      reply.header('cache-control', 'no-cache');
      return reply.type('text/html; charset=utf-8').sendFile(file);
    };
    app.get(`/${lang}`, landing);
    app.get(`/${lang}/`, landing);
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isAsset = /\.[a-z0-9]+$/i.test(path) || path.startsWith('/api/');
    if (request.method !== 'GET' || isAsset) {
      return notFound(request, reply);
    }
    // A client-side route: the SPA decides (its own 404 page included).
    reply.header('cache-control', 'no-cache');
    return reply.type('text/html; charset=utf-8').sendFile('index.html');
  });
}
