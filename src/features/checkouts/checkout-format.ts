// How the Checkouts screen writes its recovery rate: as every rate of the app (src/i18n/format.ts
// formatPercent, one decimal, as the dashboard writes it), '—' when none was reminded: there is no
// rate yet. Money goes through src/i18n/money.ts, as everywhere.
import type { Locale } from '@/domain/locales';
import { formatPercent } from '@/src/i18n/format';

export const formatRate = (lang: Locale, rate: number | null) => (rate === null ? '—' : formatPercent(lang, rate));
