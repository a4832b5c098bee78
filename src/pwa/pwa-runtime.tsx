import { SwUpdateActorContext } from './sw-update-context';
import { swUpdateLogic } from './sw-update-logic';
import { readLastChunkReloadAt, readReloadedForBuild } from './session-marks';
import { UpdatePrompt } from './update-prompt';
import { SwStateProbe } from './sw-state-probe';
import { PwaBridge } from './pwa-bridge';

/** The sw-update actor and its views; loaded lazily after the first render (see app.tsx). */
export default function PwaRuntime() {
  return (
    <SwUpdateActorContext.Provider
      logic={swUpdateLogic}
      options={{
        input: {
          buildId: __BUILD_ID__,
          reloadedForBuild: readReloadedForBuild(),
          lastChunkReloadAt: readLastChunkReloadAt(),
        },
      }}
    >
      <PwaBridge />
      <UpdatePrompt />
      <SwStateProbe />
    </SwUpdateActorContext.Provider>
  );
}
