// What Catalyst's two clients of Meta's Graph API share: the catalog (inventories/meta-catalog.ts)
// and the WhatsApp Cloud API (channels/cloud-api-client.ts). Both take their base URL from the
// environment the same way, both get errors in Graph's `error` envelope (code, error_subcode, type,
// and for WhatsApp's own codes error_data.details), and both may be told how long to wait in
// X-Business-Use-Case-Usage.
export const DEFAULT_GRAPH_URL = 'https://graph.facebook.com/v21.0';

/** A Graph base URL from an environment variable (trimmed, no trailing slash), or Meta's. */
export function graphUrlFrom(value: string | undefined): string {
  return (value?.trim() || DEFAULT_GRAPH_URL).replace(/\/+$/, '');
}

export type GraphError = {
  message?: string;
  code?: number;
  error_subcode?: number;
  type?: string;
  error_data?: { details?: string };
  /** What Meta shows a person: a template submission's refusal says which part it refused here. */
  error_user_title?: string;
  error_user_msg?: string;
};

/** The `error` of a Graph answer, or null when it has none. */
export function graphErrorOf(answer: unknown): GraphError | null {
  if (typeof answer !== 'object' || answer === null) return null;
  const error = (answer as { error?: unknown }).error;
  if (!error) return null;
  // An `error` that is not an object is still a refusal, one without a code.
  return typeof error === 'object' ? (error as GraphError) : {};
}

/** The token is wrong, expired or revoked (190), its session is gone (102), or there is none (104). */
export const GRAPH_TOKEN_CODES: ReadonlySet<number> = new Set([190, 102, 104]);

/** The longest `estimated_time_to_regain_access` (minutes) in the usage header, in ms (1 s when none). */
export function usageWaitMs(header: string | null): number {
  try {
    const usage = JSON.parse(header ?? '{}') as Record<string, { estimated_time_to_regain_access?: number }[]>;
    const minutes = Math.max(
      0,
      ...Object.values(usage)
        .flat()
        .map((entry) => Number(entry.estimated_time_to_regain_access) || 0),
    );
    return minutes > 0 ? minutes * 60_000 : 1000;
  } catch {
    return 1000;
  }
}
