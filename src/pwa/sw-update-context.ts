import { createActorContext } from '@xstate/react';
import { swUpdateMachine } from '@/machines/sw-update';

/** The app-wide sw-update actor; the provider receives the production logic from entry-client.tsx. */
export const SwUpdateActorContext = createActorContext(swUpdateMachine);
