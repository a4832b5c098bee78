import { useEffect } from 'react';
import { SwUpdateActorContext } from './sw-update-context';
import { handleChunkFailures, publishPwaStatus } from './pwa-status';

/** Connects the running sw-update actor to the app: status out, chunk failures in. */
export function PwaBridge() {
  const actorRef = SwUpdateActorContext.useActorRef();
  useEffect(() => {
    const publish = () => {
      const snapshot = actorRef.getSnapshot();
      publishPwaStatus({ offlineReady: snapshot.context.offlineReady, chunks: snapshot.value.chunks });
    };
    publish();
    const subscription = actorRef.subscribe(publish);
    const release = handleChunkFailures((at) => actorRef.send({ type: 'CHUNK_LOAD_FAILED', at }));
    return () => {
      subscription.unsubscribe();
      release();
    };
  }, [actorRef]);
  return null;
}
