import { useEffect } from 'react';
import { useLingui } from '@lingui/react/macro';
import { locales, type Locale } from '../../../domain/locales';

// hreflang values: English for everyone, Portuguese for Brazil, Spanish for everyone.
const hreflangs: Record<Locale, string> = { en: 'en', pt: 'pt-BR', es: 'es' };
// Open Graph wants language_TERRITORY; Spanish pages are for Latin America.
const ogLocales: Record<Locale, string> = { en: 'en_US', pt: 'pt_BR', es: 'es_LA' };

const pageUrl = (origin: string, locale: Locale) => `${origin}/${locale}/`;

/**
 * The landing page's <title>, description, hreflang alternates, canonical and Open Graph tags.
 * Written into <head> directly rather than rendered by React, so the prerendered page
 * (scripts/prerender.ts) and the live one share one set of tags: the live page finds and updates
 * the prerendered ones. Leaving the page restores the document's defaults.
 */
export function useLandingHead(locale: Locale) {
  const { t } = useLingui();
  const title = t`Catalyst: sell more on WhatsApp with AI`;
  const description = t`AI agents on WhatsApp that answer customers, send your catalog and recover up to 77% of abandoned carts. Integrates with Shopify, VTEX, Yampi and more.`;

  useEffect(() => {
    const head = document.head;
    const origin = window.location.origin;
    const added: Element[] = [];
    const upsert = (selector: string, tag: 'meta' | 'link', attributes: Record<string, string>) => {
      let element = head.querySelector(selector);
      if (!element) {
        element = document.createElement(tag);
        head.append(element);
      }
      for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
      element.setAttribute('data-landing-head', '');
      added.push(element);
      return element;
    };

    // The index.html title and description are kept aside (data-default) to come back to.
    const titleElement = head.querySelector('title') ?? head.appendChild(document.createElement('title'));
    titleElement.dataset.default ??= titleElement.textContent ?? '';
    titleElement.textContent = title;
    const descriptionElement = head.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (descriptionElement) {
      descriptionElement.dataset.default ??= descriptionElement.content;
      descriptionElement.content = description;
    }

    for (const alternate of locales) {
      upsert(`link[rel="alternate"][hreflang="${hreflangs[alternate]}"]`, 'link', {
        rel: 'alternate',
        hreflang: hreflangs[alternate],
        href: pageUrl(origin, alternate),
      });
    }
    // x-default: `/` sends each visitor to their language.
    upsert('link[rel="alternate"][hreflang="x-default"]', 'link', { rel: 'alternate', hreflang: 'x-default', href: `${origin}/` });
    upsert('link[rel="canonical"]', 'link', { rel: 'canonical', href: pageUrl(origin, locale) });
    const og: Record<string, string> = {
      'og:type': 'website',
      'og:site_name': 'Catalyst',
      'og:title': title,
      'og:description': description,
      'og:url': pageUrl(origin, locale),
      'og:image': `${origin}/landing/og-image.png`,
      'og:image:width': '1200',
      'og:image:height': '630',
      'og:locale': ogLocales[locale],
    };
    for (const [property, content] of Object.entries(og)) upsert(`meta[property="${property}"]`, 'meta', { property, content });
    head.querySelectorAll('meta[property="og:locale:alternate"]').forEach((element) => element.remove());
    for (const other of locales.filter((l) => l !== locale)) {
      const element = document.createElement('meta');
      element.setAttribute('property', 'og:locale:alternate');
      element.setAttribute('content', ogLocales[other]);
      element.setAttribute('data-landing-head', '');
      head.append(element);
      added.push(element);
    }
    upsert('meta[name="twitter:card"]', 'meta', { name: 'twitter:card', content: 'summary_large_image' });

    return () => {
      titleElement.textContent = titleElement.dataset.default ?? '';
      if (descriptionElement) descriptionElement.content = descriptionElement.dataset.default ?? '';
      for (const element of added) element.remove();
    };
  }, [locale, title, description]);
}
