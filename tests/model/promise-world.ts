// Test doubles for a machine's promise actors: each call waits until the model's
// `xstate.done.actor.<id>` / `xstate.error.actor.<id>` event settles it, so a running actor
// follows a model path step by step. Calls are recorded for the effect checks.
import { fromPromise, type EventObject } from 'xstate';

type Call = { src: string; input: unknown; resolve: (output: unknown) => void; reject: (error: unknown) => void };

export class PromiseWorld {
  readonly calls: { src: string; input: unknown }[] = [];
  private pending: Call[] = [];

  /** A promise actor named `src` whose calls wait for the model. */
  actor<TOutput, TInput>(src: string) {
    return fromPromise<TOutput, TInput>(
      ({ input, signal }) =>
        new Promise<TOutput>((resolve, reject) => {
          this.calls.push({ src, input });
          const call: Call = { src, input, resolve: resolve as (output: unknown) => void, reject };
          this.pending.push(call);
          // A stopped actor (its state left) is aborted: its call no longer waits for the model.
          signal.addEventListener('abort', () => (this.pending = this.pending.filter((other) => other !== call)));
        }),
    );
  }

  pendingInput(src: string): unknown {
    return this.pending.find((call) => call.src === src)?.input;
  }

  isPending(src?: string): boolean {
    return this.pending.some((call) => src === undefined || call.src === src);
  }

  /**
   * Settles the pending call an actor-completion event names (the invoke's id is the actor's
   * src in these machines); returns false for any other event.
   */
  settle(event: EventObject): boolean {
    const match = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
    if (!match) return false;
    const [, outcome, id] = match;
    const index = this.pending.findIndex((call) => call.src === id);
    if (index < 0) throw new Error(`No pending ${id} call to settle with ${event.type}`);
    const [call] = this.pending.splice(index, 1);
    if (outcome === 'done') call!.resolve((event as EventObject & { output?: unknown }).output);
    else call!.reject((event as EventObject & { error?: unknown }).error);
    return true;
  }
}

/** Lets settled promises reach the actor. */
export const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
