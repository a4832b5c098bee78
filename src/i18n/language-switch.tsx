import { useLingui } from '@lingui/react/macro';
import { useLocation, useNavigate } from '@tanstack/react-router';
import styled from 'styled-components';
import { isLocale, localeNames, locales, type Locale } from '@/domain/locales';
import { writeLangCookie } from './lang-cookie';
import { swapLocaleInPath } from './locale-path';

const Select = styled.select`
  font: inherit;
  padding: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(2)};
  border-radius: ${({ theme }) => theme.radius.sm};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
`;

/** Switching language keeps the current page and remembers the choice in the `lang` cookie. */
export function LanguageSwitch() {
  const { i18n, t } = useLingui();
  const location = useLocation();
  const navigate = useNavigate();
  const current = isLocale(i18n.locale) ? i18n.locale : 'en';

  const change = (locale: Locale) => {
    writeLangCookie(locale);
    void navigate({ to: swapLocaleInPath(location.pathname, locale) + location.searchStr + location.hash });
  };

  return (
    <Select
      aria-label={t`Language`}
      value={current}
      onChange={(e) => {
        if (isLocale(e.target.value)) change(e.target.value);
      }}
    >
      {locales.map((locale) => (
        <option key={locale} value={locale} lang={locale}>
          {localeNames[locale]}
        </option>
      ))}
    </Select>
  );
}
