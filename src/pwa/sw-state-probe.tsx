import { useEffect } from 'react';
import { SwUpdateActorContext } from './sw-update-context';

/**
 * Mirrors the sw-update machine's state on <html data-sw-update> so the UI-level model-based
 * tests can see which state the running app is in. It subscribes to the actor directly, so the
 * attribute is written at the transition itself, even one that reloads the page.
 */
export function SwStateProbe() {
  const actorRef = SwUpdateActorContext.useActorRef();
  useEffect(() => {
    const write = () => (document.documentElement.dataset.swUpdate = JSON.stringify(actorRef.getSnapshot().value));
    write();
    const subscription = actorRef.subscribe(write);
    return () => subscription.unsubscribe();
  }, [actorRef]);
  return null;
}
