import { Trans } from '@lingui/react/macro';
import { useLingui } from '@lingui/react';
import { isLocale, defaultLocale } from '@/domain/locales';

/** A plain link so it works even when the router itself failed. */
export function HomeLink() {
  const { i18n } = useLingui();
  const lang = isLocale(i18n.locale) ? i18n.locale : defaultLocale;
  return (
    <p>
      <a href={`/${lang}/`}>
        <Trans>Back to the home page</Trans>
      </a>
    </p>
  );
}
