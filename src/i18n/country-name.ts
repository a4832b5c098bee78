// A country's name in the page's language, from the browser's own region names (Intl.DisplayNames),
// one formatter per language: the contacts' and the campaigns' screens name countries alike.
import { localeTags, type Locale } from '@/domain/locales';

const regionNames = new Map<Locale, Intl.DisplayNames>();

/** A country's name in `lang` ('BR' → 'Brasil', 'Brazil'); its code when the browser has no name for it. */
export function countryName(lang: Locale, code: string): string {
  let names = regionNames.get(lang);
  if (!names) {
    names = new Intl.DisplayNames([localeTags[lang]], { type: 'region' });
    regionNames.set(lang, names);
  }
  try {
    return names.of(code) ?? code;
  } catch {
    return code;
  }
}
