// The contact-import machine at logic level: every path of the model (derived from the production
// machine) runs on it with an upload double, checking in every state what a merchant relies on —
// exactly one upload runs while `uploading`, carrying the file picked and the statement as the API
// reads it; nothing is sent that breaks a rule; a failure keeps the file, and Retry sends that same
// file again — then the rules the model does not spell out.
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, type EventObject } from 'xstate';
import {
  contactImportErrors,
  contactImportMachine,
  importFormFields,
  type ContactImportFile,
  type ContactImportReport,
  type UploadContactsInput,
} from '@/machines/contact-import';
import {
  abstractImport,
  consentStatement,
  contactImportPathName,
  contactImportTestModel,
  importInput,
  importSummary,
  pickedFiles,
} from './contact-import-model';
import { coveringPaths } from './model-harness';
import { describeModelBasedTests } from './model-suite';

const model = contactImportTestModel();

type Upload = { input: UploadContactsInput; report: (event: ContactImportReport) => void; stopped: boolean };

/** The production machine with an upload double whose reports the test makes; the files picked are recorded. */
function startRealActor() {
  const uploads: Upload[] = [];
  const picked: ContactImportFile[] = [];
  const logic = contactImportMachine.provide({
    actors: {
      uploadContacts: fromCallback<EventObject, UploadContactsInput>(({ input, sendBack }) => {
        const upload: Upload = { input, report: sendBack, stopped: false };
        uploads.push(upload);
        return () => void (upload.stopped = true);
      }),
    },
  });
  const actor = createActor(logic, { input: importInput });
  actor.start();
  return { actor, uploads, picked };
}
type Run = ReturnType<typeof startRealActor>;

const context = ({ actor }: Run) => actor.getSnapshot().context;
const liveUploads = (run: Run) => run.uploads.filter((upload) => !upload.stopped);

/** The upload's reports come from its running actor; a merchant's events are sent. */
function perform(run: Run, event: EventObject) {
  const live = liveUploads(run)[0];
  if (event.type.startsWith('UPLOAD_') && live) live.report(event as ContactImportReport);
  else {
    if (event.type === 'PICK_FILE') run.picked.push((event as EventObject & { file: ContactImportFile }).file);
    run.actor.send(event as never);
  }
}

const stateChecks: Record<string, (run: Run) => void> = {
  contactImport: (run) => {
    const snapshot = run.actor.getSnapshot();
    // An upload runs exactly while the machine is uploading.
    expect(liveUploads(run)).toHaveLength(snapshot.matches('uploading') ? 1 : 0);
    // The file is the last one picked, until another import starts.
    if (context(run).file) expect(context(run).file).toBe(run.picked.at(-1));
  },
  'contactImport.editing': (run) => expect(run.actor.getSnapshot().hasTag('editing')).toBe(true),
  // Only a file and statement that break no rule are sent: that file, and the statement as the API reads it.
  'contactImport.uploading': (run) => {
    const { file, values } = context(run);
    expect(file).not.toBeNull();
    expect(contactImportErrors(file, values)).toEqual({});
    const [upload] = liveUploads(run);
    expect(upload!.input.file).toBe(run.picked.at(-1));
    expect(upload!.input.fields).toEqual(importFormFields(values));
    expect(run.actor.getSnapshot().hasTag('saving')).toBe(true);
  },
  // A failure keeps the file for Retry.
  'contactImport.failed': (run) => {
    expect(['unreachable', 'unknown']).toContain(context(run).failure?.kind);
    expect(context(run).file).toBe(run.picked.at(-1));
    expect(run.actor.getSnapshot().hasTag('failed')).toBe(true);
  },
  'contactImport.done': (run) => {
    expect(context(run).summary).toEqual(importSummary);
    expect(run.actor.getSnapshot().hasTag('done')).toBe(true);
  },
};

describeModelBasedTests<Run>({
  name: 'contact-import',
  machine: contactImportMachine,
  model,
  paths: coveringPaths(contactImportMachine, model),
  start: startRealActor,
  perform,
  stateChecks,
  pathName: contactImportPathName,
  contextOf: abstractImport as never,
});

describe('contact import, beyond the model', () => {
  const ready = (run: Run) => {
    perform(run, { type: 'PICK_FILE', file: pickedFiles.csv } as EventObject);
    run.actor.send({ type: 'CHANGE', values: { purposes: ['utility', 'marketing'], ...consentStatement } });
  };

  it('shows no error before a submit, then every one at once, following each change', () => {
    const run = startRealActor();
    run.actor.send({ type: 'CHANGE', values: { purposes: ['marketing'] } });
    expect(context(run).fieldErrors).toEqual({});
    run.actor.send({ type: 'SUBMIT' });
    expect(run.actor.getSnapshot().value).toBe('editing');
    expect(context(run).fieldErrors).toEqual({
      file: 'contact.import.file_required',
      consentSource: 'contact.consent_source_required',
      consentedAt: 'contact.consent_date_invalid',
    });
    expect(run.uploads).toEqual([]);
    run.actor.send({ type: 'CHANGE', values: { purposes: [] } });
    expect(context(run).fieldErrors).toEqual({ file: 'contact.import.file_required' });
  });

  it('sends the statement as the API reads it: purposes comma-separated, the consent only with purposes', () => {
    const run = startRealActor();
    ready(run);
    run.actor.send({ type: 'CHANGE', values: { defaultLanguage: 'pt' } });
    run.actor.send({ type: 'SUBMIT' });
    expect(liveUploads(run)[0]!.input.fields).toEqual({
      defaultCountry: 'BR',
      defaultLanguage: 'pt',
      purposes: 'utility,marketing',
      ...consentStatement,
    });
    expect(importFormFields({ ...context(run).values, purposes: [] })).toEqual({ defaultCountry: 'BR', defaultLanguage: 'pt' });
  });

  it('keeps the file through a dropped connection: Retry sends the same file and statement again', () => {
    const run = startRealActor();
    ready(run);
    run.actor.send({ type: 'SUBMIT' });
    const first = liveUploads(run)[0]!;
    first.report({ type: 'UPLOAD_PROGRESS', percent: 40 });
    expect(context(run).progress).toBe(40);
    first.report({ type: 'UPLOAD_FAILED', failure: { kind: 'unreachable' } });
    expect(run.actor.getSnapshot().value).toBe('failed');
    run.actor.send({ type: 'RETRY' });
    const second = liveUploads(run)[0]!;
    expect(second).not.toBe(first);
    expect(second.input.file).toBe(pickedFiles.csv);
    expect(second.input).toEqual(first.input);
    expect(context(run).progress).toBe(0);
    second.report({ type: 'UPLOAD_DONE', summary: importSummary });
    expect(context(run).summary).toEqual(importSummary);
  });

  it("says the API's refusal at its field, keeps the file, and forgets the refusal once the field changes", () => {
    const run = startRealActor();
    ready(run);
    run.actor.send({ type: 'SUBMIT' });
    liveUploads(run)[0]!.report({ type: 'UPLOAD_FAILED', failure: { kind: 'invalid', fields: { file: 'contact.csv.no_phone_column' } } });
    expect(run.actor.getSnapshot().value).toBe('editing');
    expect(context(run).fieldErrors).toEqual({ file: 'contact.csv.no_phone_column' });
    expect(context(run).file).toBe(pickedFiles.csv);
    run.actor.send({ type: 'CHANGE', values: { consentSource: 'Na loja' } });
    expect(context(run).fieldErrors).toEqual({ file: 'contact.csv.no_phone_column' });
    run.actor.send({ type: 'PICK_FILE', file: { ...pickedFiles.csv, name: 'clientes-2.csv' } });
    expect(context(run).fieldErrors).toEqual({});
  });

  it('stops sending on Cancel, and starts another import with a new file and the same statement', () => {
    const run = startRealActor();
    ready(run);
    run.actor.send({ type: 'SUBMIT' });
    const upload = liveUploads(run)[0]!;
    run.actor.send({ type: 'CANCEL' });
    expect(upload.stopped).toBe(true);
    expect(context(run).file).toBe(pickedFiles.csv);
    run.actor.send({ type: 'SUBMIT' });
    liveUploads(run)[0]!.report({ type: 'UPLOAD_DONE', summary: importSummary });
    run.actor.send({ type: 'IMPORT_ANOTHER' });
    expect(run.actor.getSnapshot().value).toBe('editing');
    expect(context(run).file).toBeNull();
    expect(context(run).summary).toBeNull();
    expect(context(run).values).toMatchObject({ purposes: ['utility', 'marketing'], ...consentStatement });
  });

  it('refuses a file the API would not take before sending it', () => {
    const run = startRealActor();
    run.actor.send({ type: 'PICK_FILE', file: pickedFiles.spreadsheet });
    run.actor.send({ type: 'SUBMIT' });
    expect(context(run).fieldErrors).toEqual({ file: 'contact.import.file_type' });
    run.actor.send({ type: 'PICK_FILE', file: { name: 'grande.csv', size: 10 * 1024 * 1024 + 1 } });
    expect(context(run).fieldErrors).toEqual({ file: 'contact.csv.too_large' });
    expect(run.uploads).toEqual([]);
  });
});
