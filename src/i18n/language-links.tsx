// The landing's language choice: a disclosure (<details>) of plain links to the page in each
// language, so it works in the server's HTML before any JavaScript runs (a <select> needs script to
// go anywhere). Once the page is live, a choice is also remembered in the `lang` cookie, which `/`
// follows, and the section being read (the URL's fragment) is kept.
import type { MouseEvent } from 'react';
import { useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import { isLocale, localeNames, locales, type Locale } from '@/domain/locales';
import { VisuallyHidden } from '../ui/visually-hidden';
import { writeLangCookie } from './lang-cookie';

const Menu = styled.details`
  position: relative;
  summary {
    display: inline-flex;
    align-items: center;
    gap: ${({ theme }) => theme.space(2)};
    min-height: 40px;
    padding: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(3)};
    border: 1px solid currentColor;
    border-radius: ${({ theme }) => theme.radius.sm};
    cursor: pointer;
    list-style: none;
  }
  summary::-webkit-details-marker {
    display: none;
  }
  summary::after {
    content: '';
    width: 0.45em;
    height: 0.45em;
    margin-top: -0.2em;
    border-right: 2px solid currentColor;
    border-bottom: 2px solid currentColor;
    transform: rotate(45deg);
  }
  &[open] summary::after {
    margin-top: 0.2em;
    transform: rotate(-135deg);
  }
  ul {
    position: absolute;
    right: 0;
    top: calc(100% + ${({ theme }) => theme.space(1)});
    z-index: 20;
    min-width: 10rem;
    margin: 0;
    padding: ${({ theme }) => theme.space(1)} 0;
    list-style: none;
    background: ${({ theme }) => theme.colors.surface};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radius.md};
    box-shadow: ${({ theme }) => theme.shadow};
  }
  li > a {
    display: block;
    padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(4)};
    color: ${({ theme }) => theme.colors.text};
    text-decoration: none;
    &:hover {
      background: ${({ theme }) => theme.colors.page};
    }
    &[aria-current] {
      font-weight: 600;
    }
  }
`;

/** Links to the landing page in each language (`/en/`, `/pt/`, `/es/`). */
export function LanguageLinks() {
  const { i18n, t } = useLingui();
  const current: Locale = isLocale(i18n.locale) ? i18n.locale : 'en';

  const choose = (locale: Locale) => (event: MouseEvent<HTMLAnchorElement>) => {
    writeLangCookie(locale);
    if (window.location.hash) {
      event.preventDefault();
      window.location.assign(`/${locale}/${window.location.hash}`);
    }
  };

  return (
    <Menu>
      <summary>
        <VisuallyHidden>{t`Language`}: </VisuallyHidden>
        {localeNames[current]}
      </summary>
      <ul>
        {locales.map((locale) => (
          <li key={locale}>
            <a
              href={`/${locale}/`}
              hrefLang={locale}
              lang={locale}
              aria-current={locale === current ? 'true' : undefined}
              onClick={choose(locale)}
            >
              {localeNames[locale]}
            </a>
          </li>
        ))}
      </ul>
    </Menu>
  );
}
