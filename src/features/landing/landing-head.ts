import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { locales, type Locale } from '@/domain/locales';

// hreflang values: English for everyone, Portuguese for Brazil, Spanish for everyone.
const hreflangs: Record<Locale, string> = { en: 'en', pt: 'pt-BR', es: 'es' };
// Open Graph wants language_TERRITORY; Spanish pages are for Latin America.
const ogLocales: Record<Locale, string> = { en: 'en_US', pt: 'pt_BR', es: 'es_LA' };

const pageUrl = (siteUrl: string, locale: Locale) => `${siteUrl}/${locale}/`;

/**
 * The landing route's head(): title, description, hreflang alternates, canonical and Open Graph,
 * in the active locale (the FAQ's structured data is beside the FAQ: faq-section.tsx). The server writes these tags into the
 * first HTML; the client's HeadContent adopts them on hydration and keeps them in step afterwards.
 * `siteUrl` is the public origin (SITE_URL), the same on both sides.
 */
export function landingHead(locale: Locale, siteUrl: string) {
  const title = i18n._(msg`Catalyst: sell more on WhatsApp with AI`);
  const description = i18n._(
    msg`AI agents on WhatsApp that answer customers, send your catalog and recover up to 77% of abandoned carts. Integrates with Shopify, VTEX, Yampi and more.`,
  );
  const url = pageUrl(siteUrl, locale);
  return {
    meta: [
      { title },
      { name: 'description', content: description },
      { property: 'og:type', content: 'website' },
      { property: 'og:site_name', content: 'Catalyst' },
      { property: 'og:title', content: title },
      { property: 'og:description', content: description },
      { property: 'og:url', content: url },
      { property: 'og:image', content: `${siteUrl}/landing/og-image.png` },
      { property: 'og:image:width', content: '1200' },
      { property: 'og:image:height', content: '630' },
      { property: 'og:locale', content: ogLocales[locale] },
      { name: 'twitter:card', content: 'summary_large_image' },
    ],
    links: [
      ...locales.map((alternate) => ({ rel: 'alternate', hrefLang: hreflangs[alternate], href: pageUrl(siteUrl, alternate) })),
      // x-default: `/` sends each visitor to their language.
      { rel: 'alternate', hrefLang: 'x-default', href: `${siteUrl}/` },
      { rel: 'canonical', href: url },
    ],
  };
}
