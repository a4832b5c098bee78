// How a wizard machine's load fails, the same in every wizard (the AI base and inventory wizards,
// and the ones to come): the record is not found (`notFound`, a final state: the view's dead end
// with the way back), or anything else (`loadFailed`, where RETRY loads again). src/ui/wizard-page.tsx
// shows both. A machine using it names its guard `isNotFound` and its action `rememberFailure`,
// both taking the failed call (machines/failure.ts).
import { failed } from './failure';

/** The `onError` of a wizard's `loading` state. */
export const loadFailures = [
  { guard: { type: 'isNotFound', params: failed }, target: 'notFound', actions: { type: 'rememberFailure', params: failed } },
  { target: 'loadFailed', actions: { type: 'rememberFailure', params: failed } },
] as const;
