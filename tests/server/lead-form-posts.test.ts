// The landing's lead forms sent as plain HTML forms (before the page's JavaScript runs, or without
// it): POST /{lang}/ with the form's fields, read as the live form reads them, sent through the
// API's route (stored the same, its validation, honeypot and per-client rate limit), and answered
// with the landing rendered with the outcome. The renderer here is a stand-in that records what it
// was asked to render; the real one renders it in the e2e tests.
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '@/server/app';
import { rateLimitCounts } from '@/server/limits/rate-limit-tables';
import { leadRequestStore } from '@/server/leads/lead-request-store';
import { leadValidation } from '@/domain/lead-requests';
import type { RenderRequest } from '@/domain/public-pages';
import { testDatabase } from './support/test-database';
import { testEnv } from './support/test-server';

const LANDING_SHELL = '<!doctype html><html><head></head><body><div id="root"></div></body></html>';

let distDir: string;
let app: FastifyInstance;
const rendered: RenderRequest[] = [];

async function start(env: Record<string, string>) {
  // The limit's counts are in the database: each app starts from none.
  await (await testDatabase()).db.delete(rateLimitCounts);
  return buildApp({
    env: { ...testEnv, ...env },
    database: await testDatabase(),
    distDir,
    renderer: {
      renderPage: async (request) => {
        rendered.push(request);
        return { kind: 'page', status: 200, html: `<!DOCTYPE html><html><body><h1>Landing ${request.url}</h1></body></html>` };
      },
    },
  });
}

beforeAll(async () => {
  distDir = mkdtempSync(join(tmpdir(), 'catalyst-lead-form-posts-'));
  writeFileSync(join(distDir, 'index.html'), '<!doctype html><html><head></head><body><div id="root"></div></body></html>');
  writeFileSync(join(distDir, 'landing.html'), LANDING_SHELL);
  mkdirSync(join(distDir, 'assets'));
  app = await start({ LEAD_RATE_LIMIT_MAX: '1000' });
});
afterAll(async () => {
  await app.close();
  rmSync(distDir, { recursive: true, force: true });
});

const email = (label: string) => `${label}-${randomUUID().slice(0, 8)}@loja.com.br`;

/** The fields as a browser sends the static form: text as typed, a checkbox only when ticked. */
function form(fields: Record<string, string | undefined>) {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) body.append(name, value);
  return body.toString();
}

const typedInPortuguese = (overrides: Record<string, string | undefined> = {}) => ({
  form: 'contact',
  name: 'Ana Souza',
  email: email('ana'),
  phone: '(11) 98765-4321',
  position: 'Gerente de e-commerce',
  segment: '',
  website: 'loja.com.br',
  platform: 'vtex',
  privacyConsent: 'on',
  nickname: '',
  ...overrides,
});

const postForm = (target: FastifyInstance, path: string, fields: Record<string, string | undefined>, address = '203.0.113.7') =>
  target.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: form(fields),
    remoteAddress: address,
  });

async function storedFor(address: string) {
  const rows = await leadRequestStore((await testDatabase()).db).list();
  return rows.filter((row) => row.email === address);
}

describe('POST /{lang}/ with a lead form', () => {
  test('stores the request as the live form would send it, and answers the landing with the notice that it was sent', async () => {
    const fields = typedInPortuguese();
    rendered.length = 0;
    const answer = await postForm(app, '/pt/', fields);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(String(answer.headers['content-security-policy'])).toContain("form-action 'self'");
    expect(answer.body).toContain('<h1>Landing /pt/</h1>');
    expect(rendered).toEqual([
      expect.objectContaining({ url: '/pt/', template: LANDING_SHELL, form: { kind: 'contact', typed: null, outcome: { kind: 'sent' } } }),
    ]);
    expect(await storedFor(fields.email)).toEqual([
      expect.objectContaining({
        kind: 'contact',
        name: 'Ana Souza',
        phone: '+5511987654321',
        website: 'https://loja.com.br',
        platform: 'vtex',
        segment: null,
        privacyConsent: true,
        whatsappConsent: false,
        locale: 'pt',
      }),
    ]);
  });

  test('the material form too, from /{lang} without its slash, with the WhatsApp consent ticked', async () => {
    const fields = typedInPortuguese({ form: 'material', phone: '+52 55 1234 5678', whatsappConsent: 'on' });
    const answer = await postForm(app, '/es', fields);
    expect(answer.statusCode).toBe(200);
    expect(await storedFor(fields.email)).toEqual([
      expect.objectContaining({ kind: 'material', phone: '+525512345678', whatsappConsent: true, locale: 'es' }),
    ]);
  });

  test('refused fields come back in the page with what was typed, each with its message, as a 400; nothing is stored', async () => {
    const fields = typedInPortuguese({ name: '', email: 'ana@', phone: '12', website: '', platform: '', privacyConsent: undefined });
    rendered.length = 0;
    const answer = await postForm(app, '/en/', fields);
    expect(answer.statusCode).toBe(400);
    expect(answer.body).toContain('<h1>Landing /en/</h1>');
    expect(rendered).toHaveLength(1);
    expect(rendered[0]!.form).toEqual({
      kind: 'contact',
      typed: {
        name: '',
        email: 'ana@',
        phone: '12',
        position: 'Gerente de e-commerce',
        segment: '',
        website: '',
        platform: '',
        privacyConsent: false,
        whatsappConsent: false,
        nickname: '',
      },
      outcome: {
        kind: 'invalid',
        fields: {
          name: leadValidation.nameRequired,
          email: leadValidation.emailInvalid,
          phone: leadValidation.phoneInvalid,
          website: leadValidation.websiteRequired,
          platform: leadValidation.platformRequired,
          privacyConsent: leadValidation.privacyConsentRequired,
        },
      },
    });
    expect(await storedFor('ana@')).toEqual([]);
  });

  test('a filled honeypot gets the same answer as anyone, and nothing is stored', async () => {
    const fields = typedInPortuguese({ nickname: 'Best prices here' });
    rendered.length = 0;
    const answer = await postForm(app, '/pt/', fields);
    expect(answer.statusCode).toBe(200);
    expect(rendered[0]!.form?.outcome).toEqual({ kind: 'sent' });
    expect(await storedFor(fields.email)).toEqual([]);
  });

  test('a post that names no form of the page is refused', async () => {
    const answer = await postForm(app, '/pt/', typedInPortuguese({ form: 'newsletter' }));
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ error: { code: 'bad_request' } });
  });
});

test("plain posts share the client's rate limit with the API's requests, and past it the page says when to try again", async () => {
  const limited = await start({ LEAD_RATE_LIMIT_MAX: '2', LEAD_RATE_LIMIT_WINDOW_SECONDS: '120' });
  try {
    const address = '203.0.113.50';
    const viaApi = await limited.inject({
      method: 'POST',
      url: '/api/v1/material-requests',
      remoteAddress: address,
      payload: {
        name: 'Ana Souza',
        email: email('api'),
        phone: '+5511987654321',
        position: 'x',
        website: 'https://loja.com.br',
        platform: 'other',
        privacyConsent: true,
        whatsappConsent: false,
        locale: 'pt',
      },
    });
    expect(viaApi.statusCode).toBe(202);
    expect((await postForm(limited, '/pt/', typedInPortuguese(), address)).statusCode).toBe(200);

    const fields = typedInPortuguese();
    rendered.length = 0;
    const refused = await postForm(limited, '/pt/', fields, address);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(rendered[0]!.form).toMatchObject({
      kind: 'contact',
      typed: { email: fields.email },
      outcome: { kind: 'rate-limited', retryAfterSeconds: Number(refused.headers['retry-after']) },
    });
    expect(await storedFor(fields.email)).toEqual([]);
    // Another client's budget is its own.
    expect((await postForm(limited, '/pt/', typedInPortuguese(), '203.0.113.51')).statusCode).toBe(200);
  } finally {
    await limited.close();
  }
});
