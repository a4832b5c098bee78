import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, type EventObject } from 'xstate';
import type { KnowledgeFile } from '@/domain/knowledge';
import {
  knowledgeFilesMachine,
  uploadActorId,
  uploadIdOf,
  type DeleteFileInput,
  type KnowledgeUploadReport,
  type SaveColumnRolesInput,
  type UploadFileInput,
} from '@/machines/knowledge-files';
import { KNOWLEDGE_BASE_ID, knowledgeFilesPathName, knowledgeFilesTestModel, pickedFiles, sampleFile } from './knowledge-files-model';
import { coveringPaths } from './model-harness';
import { describeModelBasedTests } from './model-suite';
import { PromiseWorld } from './promise-world';

const model = knowledgeFilesTestModel();
const paths = coveringPaths(knowledgeFilesMachine, model);

type Upload = { input: UploadFileInput; report: (event: KnowledgeUploadReport) => void; stopped: boolean };

/**
 * The production machine with doubles at its edges: each request waits for the model's done or
 * error event (PromiseWorld), each upload is an actor whose reports the test makes.
 */
function startRealActor() {
  const world = new PromiseWorld();
  const uploads = new Map<string, Upload>();
  const logic = knowledgeFilesMachine.provide({
    actors: {
      listFiles: world.actor<KnowledgeFile[], { baseId: string }>('listFiles'),
      deleteFile: world.actor<void, DeleteFileInput>('deleteFile'),
      saveColumnRoles: world.actor<KnowledgeFile, SaveColumnRolesInput>('saveColumnRoles'),
      uploadFile: fromCallback<EventObject, UploadFileInput>(({ input, sendBack }) => {
        const upload: Upload = { input, report: sendBack, stopped: false };
        uploads.set(input.uploadId, upload);
        return () => void (upload.stopped = true);
      }),
    },
  });
  const actor = createActor(logic, { input: { baseId: KNOWLEDGE_BASE_ID } });
  actor.start();
  return { actor, world, uploads };
}
type Run = ReturnType<typeof startRealActor>;

const liveUpload = (run: Run, uploadId: string) => {
  const upload = run.uploads.get(uploadId);
  return upload && !upload.stopped ? upload : undefined;
};

/** How each kind of model event happens to the running actor. */
async function perform(run: Run, event: EventObject) {
  if (event.type.startsWith('xstate.after.')) {
    const delayName = event.type.split('.')[2]!;
    const delay = (knowledgeFilesMachine.implementations.delays as Record<string, number>)[delayName];
    expect(delay, `delay ${delayName}`).toBeTypeOf('number');
    await vi.advanceTimersByTimeAsync(delay!);
  } else if (run.world.settle(event)) {
    await vi.advanceTimersByTimeAsync(0); // the settled promise reaches the actor
  } else if (event.type.startsWith('UPLOAD_')) {
    const report = event as KnowledgeUploadReport;
    // From the upload's own actor when one runs; else a report of no running upload, which changes no upload.
    const upload = liveUpload(run, report.uploadId);
    if (upload) upload.report(report);
    else run.actor.send(report);
  } else {
    run.actor.send(event as never);
  }
}

const context = ({ actor }: Run) => actor.getSnapshot().context;

/** The effects a merchant relies on, checked after every step (the root) or in a state. */
const stateChecks: Record<string, (run: Run) => void> = {
  knowledgeFiles: (run) => {
    const { uploads, files, deletedFileIds } = context(run);
    // Exactly the uploads being sent have a running uploadFile actor, with that file.
    for (const upload of uploads.filter((u) => u.status === 'uploading')) {
      expect(liveUpload(run, upload.id)?.input).toEqual({ baseId: KNOWLEDGE_BASE_ID, uploadId: upload.id, source: upload.source });
      expect(run.actor.getSnapshot().children[uploadActorId(upload.id)]).toBeDefined();
    }
    const sending = new Set(uploads.filter((u) => u.status === 'uploading').map((u) => u.id));
    for (const [id, upload] of run.uploads) if (!sending.has(id)) expect(upload.stopped, `upload ${id} stopped`).toBe(true);
    // A deleted file does not come back.
    for (const id of deletedFileIds) expect(files.map((file) => file.id)).not.toContain(id);
  },
  'knowledgeFiles.list.loading': (run) => expect(run.world.pendingInput('listFiles')).toEqual({ baseId: KNOWLEDGE_BASE_ID }),
  'knowledgeFiles.list.refreshing': (run) => expect(run.world.pendingInput('listFiles')).toEqual({ baseId: KNOWLEDGE_BASE_ID }),
  'knowledgeFiles.list.settled': (run) => {
    expect(run.world.isPending('listFiles')).toBe(false);
    expect(context(run).files.filter((file) => file.status === 'uploaded' || file.status === 'processing')).toEqual([]);
  },
  'knowledgeFiles.list.loadFailed': (run) => expect(run.world.isPending('listFiles')).toBe(false),
  'knowledgeFiles.deletion.confirming': (run) => {
    expect(context(run).deletion).not.toBeNull();
    expect(run.world.isPending('deleteFile')).toBe(false); // nothing is deleted before the merchant confirms
  },
  'knowledgeFiles.deletion.deleting': (run) =>
    expect(run.world.pendingInput('deleteFile')).toEqual({ baseId: KNOWLEDGE_BASE_ID, fileId: context(run).deletion!.fileId }),
  'knowledgeFiles.deletion.idle': (run) => expect(context(run).deletion).toBeNull(),
  'knowledgeFiles.deletion.failed': (run) => expect(context(run).deletion).not.toBeNull(),
  'knowledgeFiles.columnRoles.saving': (run) => {
    expect(run.world.pendingInput('saveColumnRoles')).toEqual({ baseId: KNOWLEDGE_BASE_ID, ...context(run).roleChange });
    expect(run.actor.getSnapshot().hasTag('saving')).toBe(true);
  },
  // The change is kept for a retry.
  'knowledgeFiles.columnRoles.failed': (run) => expect(context(run).roleChange).not.toBeNull(),
  'knowledgeFiles.columnRoles.idle': (run) => {
    expect(context(run).roleChange).toBeNull();
    expect(run.actor.getSnapshot().hasTag('saving')).toBe(false);
  },
};

describeModelBasedTests({
  name: 'knowledge-files',
  machine: knowledgeFilesMachine,
  model,
  paths,
  start: startRealActor,
  perform,
  stateChecks,
  pathName: knowledgeFilesPathName,
  fakeTimers: true,
});

describe('knowledge-files machine, beyond the model', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  async function answer(run: Run, type: 'listFiles' | 'deleteFile', output?: KnowledgeFile[]) {
    run.world.settle({ type: `xstate.done.actor.${type}`, output } as EventObject);
    await vi.advanceTimersByTimeAsync(0);
  }

  async function loaded(files: KnowledgeFile[]) {
    const run = startRealActor();
    await answer(run, 'listFiles', files);
    return run;
  }

  it('sends several files at once, each on its own: a refusal or a failure disturbs none of the others', async () => {
    const run = await loaded([]);
    const sheet = { name: 'precos.xlsx', size: 4096, lastModified: 1 };
    const pdf = { name: 'politicas.pdf', size: 8192, lastModified: 1 };
    for (const file of [pickedFiles.catalog, sheet, pdf, pickedFiles.notes]) run.actor.send({ type: 'ADD_FILE', file });
    expect(context(run).uploads.map((u) => [u.name, u.status, u.refusal])).toEqual([
      ['catalogo.csv', 'uploading', null],
      ['precos.xlsx', 'uploading', null],
      ['politicas.pdf', 'uploading', null],
      ['notes.txt', 'refused', 'unsupported_type'],
    ]);
    expect([...run.uploads.keys()]).toEqual([pickedFiles.catalog, sheet, pdf].map(uploadIdOf)); // nothing sent for notes.txt

    const [catalog, precos, politicas] = [pickedFiles.catalog, sheet, pdf].map((file) => run.uploads.get(uploadIdOf(file))!);
    catalog!.report({ type: 'UPLOAD_PROGRESS', uploadId: catalog!.input.uploadId, progress: 60 });
    precos!.report({ type: 'UPLOAD_REFUSED', uploadId: precos!.input.uploadId, reason: 'type_mismatch' });
    politicas!.report({ type: 'UPLOAD_FAILED', uploadId: politicas!.input.uploadId });
    expect(context(run).uploads.map((u) => [u.name, u.status, u.progress, u.refusal])).toEqual([
      ['catalogo.csv', 'uploading', 60, null],
      ['precos.xlsx', 'refused', 0, 'type_mismatch'],
      ['politicas.pdf', 'failed', 0, null],
      ['notes.txt', 'refused', 0, 'unsupported_type'],
    ]);

    catalog!.report({ type: 'UPLOAD_DONE', uploadId: catalog!.input.uploadId, file: sampleFile('uploaded') });
    expect(context(run).files).toEqual([sampleFile('uploaded')]);
    expect(context(run).uploads.map((u) => u.name)).toEqual(['precos.xlsx', 'politicas.pdf', 'notes.txt']);
    expect(run.actor.getSnapshot().matches({ list: 'waiting' })).toBe(true); // its processing is watched

    run.actor.send({ type: 'RETRY_UPLOAD', uploadId: uploadIdOf(pdf) });
    expect(liveUpload(run, uploadIdOf(pdf))).toBeDefined();
    expect(context(run).uploads.find((u) => u.name === 'politicas.pdf')).toMatchObject({ status: 'uploading', progress: 0 });
    expect(context(run).uploads.map((u) => u.name)).toEqual(['precos.xlsx', 'politicas.pdf', 'notes.txt']); // in its place
    run.actor.stop();
    expect(liveUpload(run, uploadIdOf(pdf))).toBeUndefined(); // leaving the step stops what is still being sent
  });

  it('polls while a file is processed and stops once every file is settled', async () => {
    const run = await loaded([sampleFile('uploaded')]);
    expect(run.world.isPending('listFiles')).toBe(false);
    await vi.advanceTimersByTimeAsync(2000);
    await answer(run, 'listFiles', [sampleFile('processing', 50)]);
    expect(run.world.isPending('listFiles')).toBe(false);
    await vi.advanceTimersByTimeAsync(2000);
    await answer(run, 'listFiles', [sampleFile('ready', 100)]);
    expect(context(run).files).toEqual([sampleFile('ready', 100)]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(run.world.isPending('listFiles')).toBe(false);
    run.actor.stop();
  });

  it('keeps a deleted file away when a list answer asked before the deletion arrives after it', async () => {
    const run = await loaded([sampleFile('processing', 10)]);
    await vi.advanceTimersByTimeAsync(2000);
    expect(run.world.isPending('listFiles')).toBe(true); // asked before the deletion
    run.actor.send({ type: 'DELETE_FILE', fileId: sampleFile('ready').id });
    run.actor.send({ type: 'CONFIRM_DELETE' });
    await answer(run, 'deleteFile');
    expect(context(run).files).toEqual([]);
    await answer(run, 'listFiles', [sampleFile('processing', 20)]);
    expect(context(run).files).toEqual([]);
    expect(run.actor.getSnapshot().matches({ list: 'settled' })).toBe(true);
    run.actor.stop();
  });

  it('a saved column-roles change replaces the file and watches it again until it is read', async () => {
    const run = await loaded([sampleFile('ready', 100)]);
    expect(run.actor.getSnapshot().matches({ list: 'settled' })).toBe(true);
    run.actor.send({ type: 'SET_COLUMN_ROLES', fileId: sampleFile('ready').id, columns: [{ sheet: null, index: 5, role: 'private' }] });
    expect(run.world.pendingInput('saveColumnRoles')).toEqual({
      baseId: KNOWLEDGE_BASE_ID,
      fileId: sampleFile('ready').id,
      columns: [{ sheet: null, index: 5, role: 'private' }],
    });
    run.world.settle({ type: 'xstate.done.actor.saveColumnRoles', output: sampleFile('uploaded') } as EventObject);
    await vi.advanceTimersByTimeAsync(0);
    expect(context(run).files).toEqual([sampleFile('uploaded')]);
    expect(run.actor.getSnapshot().matches({ list: 'waiting' })).toBe(true);
    await vi.advanceTimersByTimeAsync(2000);
    expect(run.world.isPending('listFiles')).toBe(true);
    run.actor.stop();
  });
});
