import type { AnyActorRef, AnyTransitionDefinition, InspectionEvent } from 'xstate';
import type { AuthSessionSnapshot } from '@/machines/auth-session';

/** `<source state id> | <event type> | <candidate index>`: how the model-based tests name a transition. */
function transitionId(transition: AnyTransitionDefinition): string {
  const candidates = transition.source.transitions.get(transition.eventType) ?? [];
  return `${transition.source.id} | ${transition.eventType} | ${candidates.indexOf(transition)}`;
}

/**
 * Mirrors the session machine on <html data-auth-session> so the UI-level model-based test can see
 * which state the running app is in, transient ones (signing in/out) included, and which of the
 * machine's transitions took it there: `{ "value": <state value>, "taken": [<transition ids>] }`,
 * written once when the session starts and once per transition it takes.
 */
export function mirrorSessionState(actor: AnyActorRef): void {
  const write = (snapshot: unknown, taken: string[]) =>
    (document.documentElement.dataset.authSession = JSON.stringify({ value: (snapshot as AuthSessionSnapshot).value, taken }));
  actor.system.inspect((event: InspectionEvent) => {
    if (event.actorRef !== actor) return;
    if (event.type === '@xstate.microstep' && event._transitions.length > 0) write(event.snapshot, event._transitions.map(transitionId));
    else if (event.type === '@xstate.snapshot' && event.event.type === 'xstate.init') write(event.snapshot, []);
  });
}
