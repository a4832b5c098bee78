// 'Download CSV': GET /api/v1/dashboard.csv with the figures' query. The route needs the bearer token,
// which a plain link cannot carry: the file is fetched with it and handed to the browser as a download
// (an object URL on a temporary link), named as the server names it.
import type { DashboardQuery } from '@/domain/dashboard';

export type CsvDownloadDeps = { apiBaseUrl: string; getIdToken: () => Promise<string | null> };

/** The query string of a dashboard query (the filters left out when not set). */
export function dashboardQueryString(query: DashboardQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (typeof value === 'string' && value !== '') params.set(key, value);
  return params.toString();
}

/** The file name the server gave (`attachment; filename="…"`), else one of the range. */
export function csvFileName(disposition: string | null, query: DashboardQuery): string {
  const named = disposition && /filename="([^"]+)"/.exec(disposition)?.[1];
  return named || `catalyst-dashboard-${query.from}-${query.to}.csv`;
}

/** Fetches the CSV and starts its download; rejects when the server does not send it. */
export async function downloadDashboardCsv({ apiBaseUrl, getIdToken }: CsvDownloadDeps, query: DashboardQuery): Promise<void> {
  const token = await getIdToken();
  const response = await fetch(`${apiBaseUrl.replace(/\/+$/, '')}/dashboard.csv?${dashboardQueryString(query)}`, {
    headers: { authorization: `Bearer ${token ?? ''}`, accept: 'text/csv' },
  });
  if (!response.ok) throw new Error(`dashboard.csv answered ${response.status}`);
  const url = URL.createObjectURL(await response.blob());
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = csvFileName(response.headers.get('content-disposition'), query);
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // After the click has handed the file to the browser.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}
