// A CSV export of the API (GET …/export.csv) handed to the browser as a download. The routes need
// the bearer token, which a plain link cannot carry: the file is fetched with it, then saved through
// an object URL on a temporary link, named as the server names it.
export type CsvDownloadDeps = { apiBaseUrl: string; getIdToken: () => Promise<string | null> };

/** The file name the server gave (`attachment; filename="…"`), else `fallback`. */
export function attachmentName(disposition: string | null, fallback: string): string {
  return (disposition && /filename="([^"]+)"/.exec(disposition)?.[1]) || fallback;
}

/** The file at `path` (under the API's base URL) with `query`, as the server sends it; rejects when it does not. */
export async function fetchCsv(
  { apiBaseUrl, getIdToken }: CsvDownloadDeps,
  path: string,
  query: URLSearchParams,
  fallbackName: string,
): Promise<{ blob: Blob; fileName: string }> {
  const token = await getIdToken();
  const response = await fetch(`${apiBaseUrl.replace(/\/+$/, '')}${path}?${query.toString()}`, {
    headers: { authorization: `Bearer ${token ?? ''}`, accept: 'text/csv' },
  });
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  return { blob: await response.blob(), fileName: attachmentName(response.headers.get('content-disposition'), fallbackName) };
}

/** Hands a file to the browser as a download. */
export function saveFile({ blob, fileName }: { blob: Blob; fileName: string }): void {
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // After the click has handed the file to the browser.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}
