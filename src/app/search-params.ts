// How the app writes and reads a URL's search: plain text, `?checkout=2&q=4321&page=2`. TanStack
// Router's default writes values as JSON and quotes a string that would read back as another type
// (`?checkout=%222%22` for the id '2'), and reads `2` as a number and `true` as a boolean. Every
// search of the app is a few strings (ids, filters, a search) and numbers, each route's
// validateSearch keeps its known keys and the page's zod schema drops what is invalid, so values
// stay strings here. An address written by the default before (a quoted string, `%222%22`) still
// opens: a value that is a JSON string is read as that string.

/** The search of `searchStr` (with or without its `?`): each key's first value, as text. */
export function parseAppSearch(searchStr: string): Record<string, string> {
  const search: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(searchStr)) if (!Object.hasOwn(search, key)) search[key] = unquoted(value);
  return search;
}

/** `"2"` (an old address's quoted string) → `2`; any other value as it is. */
function unquoted(value: string): string {
  if (value.length < 2 || !value.startsWith('"') || !value.endsWith('"')) return value;
  try {
    const parsed: unknown = JSON.parse(value);
    return typeof parsed === 'string' ? parsed : value;
  } catch {
    return value;
  }
}

/** `?key=value&…` of the search's set values (none: ''), each as text; an object (none in the app) as JSON. */
export function stringifyAppSearch(search: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) {
    if (value === undefined || value === null) continue;
    params.set(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}
