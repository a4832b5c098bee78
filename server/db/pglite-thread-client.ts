// The server's handle on the PGlite thread (pglite-thread.ts): the part of PGlite's client that
// drizzle and copy-rows.ts use (query, transaction, close), each call a message to the thread. The
// database's work then runs beside the server's requests instead of inside them, so a burst of
// writes (storefront events, an import's batches) no longer delays every page and API answer.
import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results } from '@electric-sql/pglite';
import type { RowMode, ThreadError, ThreadReply, ThreadRequest, ThreadStart } from './pglite-thread-protocol';

const boot = new URL('./pglite-thread-boot.js', import.meta.url);
const entry = new URL(`./pglite-thread${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`, import.meta.url).href;

type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void };
type Request = ThreadRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

/** A PostgreSQL error as the thread reported it: its message, with code, detail, constraint… as fields. */
function rebuilt({ name, message, fields }: ThreadError): Error {
  const error = new Error(message);
  error.name = name;
  return Object.assign(error, fields);
}

/**
 * A statement's options: PGlite's (drizzle's parsers are the thread's defaults already; a Blob is
 * read here), or `blobText`, COPY's data as text (no Blob made only to be read back).
 */
export type ThreadQueryOptions = QueryOptions & { blobText?: string };

/** The row mode a statement asks for; refuses what cannot cross to the thread. */
function rowModeOf(options: ThreadQueryOptions | undefined, textTypes: readonly number[]): RowMode | undefined {
  const parsers = options?.parsers ? Object.keys(options.parsers).map(Number) : [];
  if (parsers.some((type) => !textTypes.includes(type))) throw new Error('The PGlite thread keeps only its own parsers');
  if (options?.serializers) throw new Error('The PGlite thread takes no serializers');
  return options?.rowMode as RowMode | undefined;
}

/** A transaction's statements, as PGlite's Transaction offers them to drizzle. */
export type ThreadTransaction = { query: <T>(text: string, params?: unknown[], options?: ThreadQueryOptions) => Promise<Results<T>> };

export class PgliteThread {
  #worker: Worker;
  #textTypes: readonly number[];
  #pending = new Map<number, Pending>();
  #nextId = 1;
  #nextTx = 1;
  #failure: Error | null = null;

  private constructor(worker: Worker, textTypes: readonly number[]) {
    this.#worker = worker;
    this.#textTypes = textTypes;
    worker.on('message', (reply: ThreadReply) => {
      const pending = this.#pending.get(reply.id);
      if (!pending) return;
      this.#pending.delete(reply.id);
      if (this.#pending.size === 0) worker.unref();
      if (reply.ok) pending.resolve(reply.value);
      else pending.reject(rebuilt(reply.error));
    });
    const fail = (error: Error) => {
      this.#failure ??= error;
      for (const { reject } of this.#pending.values()) reject(error);
      this.#pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`The PGlite thread stopped (exit code ${code})`)));
  }

  /** Starts the thread and waits until its database is open (or refuses with why it is not). */
  static async start(start: Omit<ThreadStart, 'textTypes'>, textTypes: readonly number[]): Promise<PgliteThread> {
    const worker = new Worker(boot, {
      workerData: { ...start, textTypes: [...textTypes], entry } satisfies ThreadStart & { entry: string },
      // Not the server's `--import tsx`: the boot file loads PGlite first, then tsx.
      execArgv: [],
    });
    await new Promise<void>((resolve, reject) => {
      const failed = (error: Error) => {
        worker.off('message', ready);
        reject(error);
      };
      const ready = (message: unknown) => {
        if (message !== 'ready') return;
        worker.off('error', failed);
        worker.off('message', ready);
        resolve();
      };
      worker.on('message', ready);
      worker.once('error', failed);
    });
    worker.unref();
    return new PgliteThread(worker, textTypes);
  }

  #send(request: Request): Promise<unknown> {
    if (this.#failure) return Promise.reject(this.#failure);
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      // The thread keeps the process alive while a statement waits for it, as PGlite in the thread itself would; idle, it does not.
      if (this.#pending.size === 0) this.#worker.ref();
      this.#pending.set(id, { resolve, reject });
      this.#worker.postMessage({ ...request, id } as ThreadRequest);
    });
  }

  async query<T>(text: string, params: unknown[] = [], options?: ThreadQueryOptions, tx?: number): Promise<Results<T>> {
    const rowMode = rowModeOf(options, this.#textTypes);
    // Only a COPY's Blob is awaited: the statements of every request go without an extra turn.
    const blobText = options?.blobText ?? (options?.blob ? await options.blob.text() : undefined);
    return (await this.#send({ op: 'query', text, params, rowMode, blobText, tx })) as Results<T>;
  }

  /**
   * `copy` (a COPY … FROM '/dev/blob') with `blobText` as its data, then `then`, in one transaction
   * the thread runs alone: true when `then` found a row, else nothing is kept (see copy-rows.ts).
   */
  async copyThen(copy: string, blobText: string, then: { text: string; params: unknown[] }): Promise<boolean> {
    return (await this.#send({ op: 'copyThen', copy, blobText, then })) as boolean;
  }

  /**
   * `statements` in order, in one transaction the thread runs alone (one message, no round trip
   * between them): each one's result; the first that fails rolls all back and is thrown.
   */
  async inTransaction(statements: readonly { text: string; params: readonly unknown[] }[]): Promise<Results[]> {
    return (await this.#send({
      op: 'statements',
      statements: statements.map(({ text, params }) => ({ text, params: [...params] })),
    })) as Results[];
  }

  /** `callback`'s statements in one transaction: committed when it resolves, rolled back when it throws. */
  async transaction<T>(callback: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
    const txId = this.#nextTx++;
    await this.#send({ op: 'begin', tx: txId });
    let result: T;
    try {
      result = await callback({ query: (text, params, options) => this.query(text, params, options, txId) });
    } catch (error) {
      // The callback's error is the one to report; the thread forgets the transaction either way.
      await this.#send({ op: 'end', tx: txId, commit: false }).catch(() => {});
      throw error;
    }
    await this.#send({ op: 'end', tx: txId, commit: true });
    return result;
  }

  async close(): Promise<void> {
    try {
      await this.#send({ op: 'close' });
    } finally {
      this.#failure ??= new Error('The PGlite thread stopped (closed)');
      await this.#worker.terminate();
    }
  }
}
