// A queue worker with a scheduler beside it: on start, and every `everyMs` after, `schedule` queues
// what has come due (on the shared queue, so whichever process's scheduler queues it, any process's
// worker runs it) and the worker is nudged when it did. Stopping ends the schedule first.
import type { QueueWorker, WorkerLog } from './queue-worker';

export function scheduledWorker(
  worker: QueueWorker,
  { schedule, everyMs, log, name }: { schedule: () => Promise<boolean>; everyMs: number; log: WorkerLog; name: string },
): QueueWorker {
  let timer: NodeJS.Timeout | undefined;
  const tick = async () => {
    try {
      if (await schedule()) worker.nudge();
    } catch (error) {
      log.error({ err: error }, `${name}: queuing the due work failed`);
    }
  };
  return {
    start() {
      worker.start();
      void tick();
      timer ??= setInterval(() => void tick(), everyMs).unref();
    },
    nudge: worker.nudge,
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await worker.stop();
    },
  };
}
