// What the server's thread and the PGlite thread (pglite-thread.ts) say to each other: statements,
// a COPY with the statement after it, a list of statements (each one transaction, one message), a
// transaction's start and end, and close; each answered once by id, with the result or the
// error's fields (a PostgreSQL error keeps its SQLSTATE `code`, constraint, table… across).

export type RowMode = 'array' | 'object';

export type ThreadRequest =
  | {
      id: number;
      op: 'query';
      text: string;
      params: unknown[];
      rowMode?: RowMode;
      /** COPY … FROM '/dev/blob': the data, as text. */
      blobText?: string;
      /** The open transaction the statement belongs to. */
      tx?: number;
    }
  | {
      id: number;
      op: 'copyThen';
      /** COPY … FROM '/dev/blob', its data as text (none: no COPY), then a statement that must find a row, in one transaction: true when it did. */
      copy: string;
      blobText: string;
      then: { text: string; params: unknown[] };
    }
  | {
      id: number;
      op: 'statements';
      /** Statements run in order in one transaction the thread begins and ends alone: each one's result, or the first error (nothing kept). */
      statements: { text: string; params: unknown[] }[];
    }
  | { id: number; op: 'begin'; tx: number }
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'close' };

/** An error's name, message and own fields (code, detail, constraint…), which structured cloning would drop. */
export type ThreadError = { name: string; message: string; fields: Record<string, unknown> };

export type ThreadReply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: ThreadError };

/** What the thread is started with. */
export type ThreadStart = { dataDir: string | undefined; startParams: string[]; textTypes: number[] };
