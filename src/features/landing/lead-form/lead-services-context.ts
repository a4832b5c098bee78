// What the landing's live forms need from around them: where they send their requests, and the
// toasts' outlet their success notices show in. The app gives its router's API client, and has its
// toasts' outlet already (the landing route, src/routes/$lang/index.tsx); the landing's own entry,
// which has no router, gives a client of its own and mounts the outlet when a live form first
// shows (src/entry-landing.tsx), so the page's first JS does without either.
import { createContext, useContext, useEffect } from 'react';
import type { ApiClient } from '@/src/api/api-client';

export type LeadApi = Pick<ApiClient, 'post'>;

export type LeadServices = {
  api: LeadApi;
  /** Makes sure the toasts' outlet is there (called when a live form mounts); absent where it always is. */
  needToasts?: () => void;
};

export const LeadServicesContext = createContext<LeadServices | null>(null);

/** The services of a live form; asks for the toasts' outlet once the form is there. */
export function useLeadServices(): LeadServices {
  const services = useContext(LeadServicesContext);
  if (!services) throw new Error('The lead form needs a LeadServicesContext above it');
  const { needToasts } = services;
  useEffect(() => needToasts?.(), [needToasts]);
  return services;
}
