// The knowledge-files machine's model-based test through the real UI: the paths of
// tests/model/knowledge-files-model.ts, in Chromium against the real server, its knowledge worker
// and the Auth emulator, one merchant each. Requests are held while the app shows them in flight,
// then let through or dropped. The world gives each answer: picked files are real files with the
// model's names, sizes and dates; a refused upload is binary content named .csv (type_mismatch);
// the listed files are made beforehand through the API. Polling runs on Playwright's page clock.
import { closeSync, ftruncateSync, mkdirSync, mkdtempSync, openSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { AiBase } from '@/domain/ai-base';
import type { KnowledgeFile } from '@/domain/knowledge';
import { knowledgeFilesMachine, uploadIdOf, type KnowledgeFilesContext, type KnowledgeUploadSource } from '@/machines/knowledge-files';
import { knowledgeFilesPathName, knowledgeFilesTestModel, pickedFiles } from '../model/knowledge-files-model';
import { coverageOf, coveringPaths, describeCoverage, type ModelPath } from '../model/model-harness';
import { signInDirectly } from './fixtures/emulator-users';
import { HeldRoutes } from './fixtures/held-routes';
import { merchantApi, newMerchant, type Merchant } from './fixtures/merchant-api';

type ModelEvent = {
  type: string;
  output?: KnowledgeFile[];
  file?: KnowledgeUploadSource;
  uploadId?: string;
  reason?: string;
};
type Region = 'list' | 'uploads' | 'deletion' | 'columnRoles';

const eventsOf = (path: ModelPath) => path.steps.map((step) => step.event as ModelEvent);
const contextAt = (path: ModelPath, index: number) =>
  (index < 0 ? path.initial : path.steps[index]!.state).context as KnowledgeFilesContext;
/**
 * The region a path explores: the one its first transition belongs to. The model explores the four
 * regions one by one, the others doing only what the path needs of them: a list path's UPLOAD_DONE is
 * a real upload of the catalog picked just before, and its FILE_REQUEUED a column role changed and
 * saved; a deletion path starts with its files listed, a column roles path with a ready table file.
 */
const regionOf = (path: ModelPath): Region =>
  path.steps
    .flatMap((step) => step.transitions)[0]!
    .split(' | ')[0]!
    .split('.')[1] as Region;
const uploadStatus = (context: KnowledgeFilesContext, uploadId: string | undefined) =>
  context.uploads.find((upload) => upload.id === uploadId)?.status;
const catalogId = uploadIdOf(pickedFiles.catalog);

/**
 * Whether the real app can follow a path.
 * - An upload's report comes from that upload's request, so in an uploads path a report (done,
 *   refused, failed) only arrives while the upload is being sent; the model also tries reports of
 *   uploads that are not running (no guard lets them change the uploads region; the list region's
 *   reaction to UPLOAD_DONE is followed by the list paths, with a real upload).
 * - UPLOAD_PROGRESS cannot be a step of its own here: over loopback a file's bytes all leave at
 *   once, right before the server's answer, and Chromium's network emulation (which slows an
 *   upload down in knowledge-files.spec.ts) does not apply to requests Playwright intercepts, as
 *   every request is once a page holds some. So no progress is ever seen between the request let
 *   through and its answer; the progress bar moving is knowledge-files.spec.ts's first test.
 * - FILE_REQUEUED follows a column role saved: only when a ready file is listed.
 * Deletion and column roles paths are all realisable.
 */
function realizable(path: ModelPath): boolean {
  const events = eventsOf(path);
  if (events.some((event) => event.type === 'UPLOAD_PROGRESS')) return false;
  // The list is watched again after a column role is saved: a listed ready table file's, then.
  const requeued = events.findIndex((event) => event.type === 'FILE_REQUEUED');
  if (requeued >= 0 && !contextAt(path, requeued - 1).files.some((file) => file.status === 'ready')) return false;
  if (regionOf(path) !== 'uploads') return true;
  return events.every(
    (event, index) => !event.type.startsWith('UPLOAD_') || uploadStatus(contextAt(path, index - 1), event.uploadId) === 'uploading',
  );
}
/** What the realisable paths leave out: the progress report (see realizable). */
const UNREALISABLE_TRANSITIONS = ['knowledgeFiles.uploads | UPLOAD_PROGRESS | 0'];

const model = knowledgeFilesTestModel();
const realizablePaths = model.paths.filter(realizable);
const paths = coveringPaths(knowledgeFilesMachine, { ...model, paths: realizablePaths });
const passed: ModelPath[] = [];

/** Whether the catalog picked at `index` (a new upload) will be refused: then its content is no text. */
function refusedLater(path: ModelPath, index: number): boolean {
  const events = eventsOf(path);
  for (let i = index + 1; i < events.length; i++) {
    const event = events[i]!;
    if (event.type === 'UPLOAD_REFUSED' && event.uploadId === catalogId) return true;
    if (event.type === 'UPLOAD_DONE' && event.uploadId === catalogId && uploadStatus(contextAt(path, i - 1), catalogId) === 'uploading')
      return false;
    if (
      event.type === 'ADD_FILE' &&
      event.file?.name === pickedFiles.catalog.name &&
      uploadStatus(contextAt(path, i - 1), catalogId) !== 'uploading'
    )
      return false;
  }
  return false;
}

// ---- The files on disk the merchant picks: the model's names, sizes and dates. ----

function fileOnDisk(disk: string, folder: string, source: KnowledgeUploadSource, content: (size: number) => Buffer | null): string {
  mkdirSync(join(disk, folder), { recursive: true });
  const path = join(disk, folder, source.name);
  const bytes = content(source.size);
  if (bytes) writeFileSync(path, bytes);
  else {
    // Larger than the limit: a sparse file, no disk space used.
    const fd = openSync(path, 'w');
    ftruncateSync(fd, source.size);
    closeSync(fd);
  }
  const seconds = (source.lastModified ?? 0) / 1000;
  utimesSync(path, seconds, seconds);
  return path;
}
/** A semicolon CSV of exactly `size` bytes: whole rows, then blank lines. */
const csvOf = (size: number) => {
  const text = Buffer.from(
    ['Produto;Preço;Resposta', ...Array.from({ length: 200 }, (_, i) => `Camiseta ${i};59,90;Entregamos em 3 a 7 dias úteis`)].join('\n'),
  );
  const end = text.lastIndexOf('\n', size - 1) + 1;
  return Buffer.concat([text.subarray(0, end), Buffer.alloc(size - end, '\n')]);
};
/** Written in a folder of their own before the tests, removed after. */
function writeFiles(disk: string) {
  return {
    catalog: fileOnDisk(disk, 'good', pickedFiles.catalog, csvOf),
    /** The same name, size and date, but binary content: the server refuses it (type_mismatch). */
    catalogNotText: fileOnDisk(disk, 'binary', pickedFiles.catalog, (size) => Buffer.from(Array.from({ length: size }, (_, i) => i % 256))),
    notes: fileOnDisk(disk, 'other', pickedFiles.notes, (size) => Buffer.alloc(size, 'n')),
    empty: fileOnDisk(disk, 'other', pickedFiles.empty, () => Buffer.alloc(0)),
    huge: fileOnDisk(disk, 'other', pickedFiles.huge, () => null),
  };
}
let disk = '';
let files: ReturnType<typeof writeFiles>;
const pathOfPicked = (source: KnowledgeUploadSource, notText: boolean) =>
  source.name === pickedFiles.catalog.name
    ? notText
      ? files.catalogNotText
      : files.catalog
    : { [pickedFiles.notes.name]: files.notes, [pickedFiles.empty.name]: files.empty, [pickedFiles.huge.name]: files.huge }[source.name]!;

/** A file the worker takes many seconds to read (about 45 s for 20 MB): what is queued behind it waits. */
const SLOW_FILE = 'catalogo-completo.csv';
let slowFile: Buffer | null = null;
const slowFileContent = () =>
  (slowFile ??= (() => {
    const rows = ['Pergunta;Resposta'];
    for (let i = 0, size = 0; size < 20 * 1024 * 1024; i++) {
      const row = `Pergunta número ${i};Resposta bastante longa para o item ${i}, com texto suficiente para ser uma passagem`;
      rows.push(row);
      size += row.length + 1;
    }
    return Buffer.from(rows.join('\n'));
  })());

/** A column roles path's table file: its third column ('Cor', a colour) is made never shown to shoppers. */
const COLUMNS_FILE = { name: 'produtos.csv', content: 'Produto;Preço;Cor\nCamiseta básica;59,90;Azul\n', header: 'Cor' };
const PRIVATE_ROLE = 'Never shown to shoppers';

// ---- The world of one path. ----

type World = {
  page: Page;
  request: APIRequestContext;
  merchant: Merchant;
  base: AiBase;
  list: HeldRoutes;
  upload: HeldRoutes;
  remove: HeldRoutes;
  roles: HeldRoutes;
  /** The role last chosen for a column (the select's value). */
  chosenRole: string | null;
  /** Deletion paths: the files listed (by name), and the one being deleted. */
  listed: string[];
  target: string | null;
};

const headersOf = (world: World) => ({ authorization: `Bearer ${world.merchant.idToken}` });
async function serverFiles(world: World): Promise<KnowledgeFile[]> {
  const answer = await world.request.get(`/api/v1/ai-bases/${world.base.id}/files`, { headers: headersOf(world) });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { files: KnowledgeFile[] }).files;
}
async function deleteOnServer(world: World, file: KnowledgeFile) {
  const answer = await world.request.delete(`/api/v1/ai-bases/${world.base.id}/files/${file.id}`, { headers: headersOf(world) });
  expect([204, 404]).toContain(answer.status());
}
const isUnsettled = (file: KnowledgeFile) => file.status === 'uploaded' || file.status === 'processing';

/** Makes the base's files on the server what the list answer is to hold, as another tab would. */
async function arrangeFiles(world: World, answer: KnowledgeFile[]) {
  const now = await serverFiles(world);
  if (answer.length === 0) {
    for (const file of now) await deleteOnServer(world, file);
  } else if (answer.some(isUnsettled)) {
    // A large file first: the worker reads it for many seconds, and it stays unsettled until deleted.
    if (!now.some((file) => file.name === SLOW_FILE)) {
      const posted = await world.request.post(`/api/v1/ai-bases/${world.base.id}/files`, {
        headers: headersOf(world),
        multipart: { file: { name: SLOW_FILE, mimeType: 'text/csv', buffer: slowFileContent() } },
      });
      expect(posted.status(), await posted.text()).toBe(201);
    }
  } else {
    for (const file of now.filter(isUnsettled)) if (file.name === SLOW_FILE) await deleteOnServer(world, file);
    if (!now.some((file) => file.status === 'ready'))
      await merchantApi(world.request, world.merchant).uploadKnowledge(
        world.base,
        'faq.csv',
        'Pergunta;Resposta\nVocês entregam?;Sim, em 3 a 7 dias.\n',
      );
    await expect.poll(async () => (await serverFiles(world)).filter(isUnsettled).length, { timeout: 75_000 }).toBe(0);
  }
}

/**
 * Changes a column's role in a ready table file's columns (opened first): `header`'s, else the
 * file's last column, to 'never shown to shoppers' (or back to 'other' if it is so already).
 */
async function changeColumnRole(world: World, header?: string) {
  const row = world.page
    .getByRole('main')
    .getByRole('row')
    .filter({ has: world.page.locator('details') })
    .first();
  const details = row.locator('details');
  if ((await details.getAttribute('open')) === null) await details.locator('summary').click();
  const select = header ? row.getByRole('combobox', { name: header, exact: true }) : row.getByRole('combobox').last();
  const chosen = await select.evaluate((element) => (element as HTMLSelectElement).selectedOptions[0]?.label);
  world.chosenRole = (await select.selectOption({ label: chosen === PRIVATE_ROLE ? 'Other (shown as it is)' : PRIVATE_ROLE }))[0] ?? null;
}

async function pick(world: World, path: string) {
  const chooser = world.page.waitForEvent('filechooser');
  await world.page.getByRole('main').getByRole('button', { name: 'Choose files' }).click();
  await (await chooser).setFiles(path);
}

const refusalTexts: Record<string, string> = {
  type_mismatch: 'The content of the file does not match its extension (was it renamed?).',
  unsupported_type: 'Only .xls, .xlsx, .csv and .pdf files can be added.',
  empty_file: 'The file is empty.',
  too_large: 'The file is larger than 100 MB.',
  plan_limit: "This month's trainings of your plan are used up. Upgrade your plan to upload more files.",
};

/** Performs one model event through the UI, the network or the world. */
async function perform(world: World, path: ModelPath, index: number) {
  const event = eventsOf(path)[index]!;
  const before = contextAt(path, index - 1);
  const listBefore = (index === 0 ? path.initial : path.steps[index - 1]!.state).value as { list: string };
  const main = world.page.getByRole('main');
  const region = regionOf(path);
  switch (event.type) {
    case 'RETRY':
      return main.getByRole('button', { name: 'Try again' }).click();
    case 'ADD_FILE': {
      const starts = event.file!.name === pickedFiles.catalog.name && uploadStatus(before, catalogId) !== 'uploading';
      return pick(world, pathOfPicked(event.file!, starts && refusedLater(path, index)));
    }
    case 'UPLOAD_DONE':
      if (region === 'list') {
        // A list path: a real upload of the catalog, picked now, ends.
        await pick(world, files.catalog);
        await world.upload.release();
      } else await world.upload.release();
      // The list asked again: the answer on its way is abandoned.
      if (listBefore.list === 'loading' || listBefore.list === 'refreshing') await world.list.discard();
      return;
    case 'UPLOAD_REFUSED':
      return world.upload.release(); // the server reads the first bytes: no text
    case 'UPLOAD_FAILED':
      return world.upload.drop();
    case 'RETRY_UPLOAD':
      return main.getByRole('button', { name: `Try again to upload ${pickedFiles.catalog.name}` }).click();
    case 'CANCEL_UPLOAD':
      await main.getByRole('button', { name: `Cancel the upload of ${pickedFiles.catalog.name}` }).click();
      return world.upload.discard(); // the page gave up on it
    case 'DISMISS_UPLOAD':
      return main.getByRole('button', { name: `Dismiss ${pickedFiles.catalog.name}` }).click();
    case 'DELETE_FILE':
      world.target = world.listed[0]!;
      return main.getByRole('button', { name: `Delete ${world.target}` }).click();
    case 'CONFIRM_DELETE':
      return world.page.getByRole('dialog', { name: 'Delete this file?' }).getByRole('button', { name: 'Delete the file' }).click();
    case 'CANCEL_DELETE':
      return world.page.getByRole('dialog', { name: 'Delete this file?' }).getByRole('button', { name: 'Cancel' }).click();
    case 'RETRY_DELETE':
      return main.getByRole('button', { name: 'Try again' }).click();
    case 'DISMISS_DELETE_FAILURE':
      return main.getByRole('button', { name: 'Dismiss', exact: true }).click();
    case 'xstate.done.actor.listFiles':
      await arrangeFiles(world, event.output!);
      return world.list.release();
    case 'xstate.error.actor.listFiles':
      return world.list.drop();
    case 'xstate.done.actor.deleteFile':
      await world.remove.release();
      world.listed = world.listed.filter((name) => name !== world.target);
      return;
    case 'xstate.error.actor.deleteFile':
      return world.remove.drop();
    case 'SET_COLUMN_ROLES':
      return changeColumnRole(world, COLUMNS_FILE.header);
    case 'xstate.done.actor.saveColumnRoles':
      return world.roles.release();
    case 'xstate.error.actor.saveColumnRoles':
      return world.roles.drop();
    case 'RETRY_COLUMN_ROLES':
      return main.getByRole('button', { name: 'Try again' }).click();
    case 'DISMISS_COLUMN_ROLES_FAILURE':
      return main.getByRole('button', { name: 'Dismiss', exact: true }).click();
    case 'FILE_REQUEUED':
      // A list path: a listed ready file's column role is changed and saved; the file is read again.
      await changeColumnRole(world);
      return world.roles.release();
  }
  if (event.type.startsWith('xstate.after.')) {
    const delay = (knowledgeFilesMachine.implementations.delays as Record<string, number>)[event.type.split('.')[2]!]!;
    return world.page.clock.fastForward(delay);
  }
  throw new Error(`No way to perform ${event.type}`);
}

/** What each region's state looks like on the screen, with the uploads the merchant sees. */
async function expectScreen(world: World, path: ModelPath, index: number) {
  const snapshot = index < 0 ? path.initial : path.steps[index]!.state;
  const value = snapshot.value as { list: string; deletion: string; columnRoles: string };
  const context = snapshot.context as KnowledgeFilesContext;
  const main = world.page.getByRole('main');

  // The uploads, in the model's order, each as the machine has it.
  const uploads = main.getByRole('list', { name: 'Uploads' });
  if (context.uploads.length === 0) await expect(uploads).toHaveCount(0);
  else await expect(uploads.getByRole('listitem')).toHaveCount(context.uploads.length);
  for (const [i, upload] of context.uploads.entries()) {
    const item = uploads.getByRole('listitem').nth(i);
    await expect(item).toContainText(upload.name);
    if (upload.status === 'uploading') {
      await expect(
        item.getByRole('progressbar', { name: new RegExp(`^(Uploading|Checking) ${upload.name.replace('.', '\\.')}$`) }),
      ).toBeVisible();
      await expect(item.getByRole('button', { name: `Cancel the upload of ${upload.name}` })).toBeVisible();
    }
    if (upload.status === 'refused') await expect(item.getByRole('alert')).toHaveText(`Not added: ${refusalTexts[upload.refusal!]}`);
    if (upload.status === 'failed') {
      await expect(item.getByRole('alert')).toHaveText('The upload was interrupted. Check your connection and try again.');
      await expect(item.getByRole('button', { name: `Try again to upload ${upload.name}` })).toBeVisible();
    }
  }
  await expect(main.getByText('You can go on once the uploads finish.')).toHaveCount(
    context.uploads.some((u) => u.status === 'uploading') ? 1 : 0,
  );

  // The list (a deletion or column roles path's list was loaded for its files, whatever the model's says).
  const table = main.getByRole('table', { name: 'Files in the knowledge base' });
  const unsettled = table.getByText(/^(Uploaded|Processing)$/);
  if (regionOf(path) === 'list' || regionOf(path) === 'uploads') {
    switch (value.list) {
      case 'loading':
        await expect(main.getByText('Loading the files')).toBeAttached();
        await expect(table).toHaveCount(0);
        break;
      case 'loadFailed':
        await expect(main.getByText('The files could not be loaded.')).toBeVisible();
        await expect(main.getByRole('button', { name: 'Try again' })).toBeEnabled();
        break;
      case 'settled':
        await expect(table).toBeVisible();
        await expect(unsettled).toHaveCount(0);
        break;
      case 'waiting':
        // Some file is still waiting or being read: its status shows it.
        await expect(table).toBeVisible();
        await expect(unsettled.first()).toBeVisible();
        break;
      case 'refreshing':
        await expect(table).toBeVisible();
        await expect.poll(() => world.list.heldCount).toBe(1); // its status asked again
        break;
      case 'retrying':
        await expect(main.getByText('The statuses could not be updated. Trying again shortly.')).toBeVisible();
        break;
    }
  }

  // The deletion.
  const dialog = world.page.getByRole('dialog', { name: 'Delete this file?' });
  const failure = main.getByText(/could not be deleted\.$/);
  switch (value.deletion) {
    case 'idle':
      await expect(dialog).toHaveCount(0);
      await expect(failure).toHaveCount(0);
      if (regionOf(path) === 'deletion') {
        await expect(table.getByRole('rowheader')).toHaveText(world.listed);
      }
      break;
    case 'confirming':
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText(`${world.target} and everything the agent learned from it leave the knowledge base.`);
      await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeEnabled();
      break;
    case 'deleting':
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeDisabled();
      break;
    case 'failed':
      await expect(dialog).toHaveCount(0);
      await expect(main.getByText(`${world.target} could not be deleted.`)).toBeVisible();
      await expect(table.getByRole('rowheader', { name: world.target!, exact: true })).toBeVisible();
      break;
  }

  // The column roles.
  const rolesFailure = main.getByText('The column roles could not be saved.');
  const colour = main.getByRole('combobox', { name: COLUMNS_FILE.header, exact: true });
  switch (value.columnRoles) {
    case 'idle':
      await expect(rolesFailure).toHaveCount(0);
      if (eventsOf(path)[index]?.type === 'xstate.done.actor.saveColumnRoles') {
        // Saved: the file is read again with its colour never shown, and its columns wait for that.
        const row = table.getByRole('row').filter({ has: world.page.getByRole('rowheader', { name: COLUMNS_FILE.name }) });
        await expect(row.getByText(/^(Uploaded|Processing)$/)).toBeVisible();
        await expect(colour).toHaveCount(0);
        // On the server, once read again: the colour is the merchant's choice.
        const colourRole = async () => {
          const saved = (await serverFiles(world)).find((file) => file.name === COLUMNS_FILE.name)!;
          return saved.status === 'ready' ? saved.columns.find((column) => column.header === COLUMNS_FILE.header)?.role : saved.status;
        };
        await expect.poll(colourRole, { timeout: 30_000 }).toBe('private');
      } else if (regionOf(path) === 'columnRoles') {
        await expect(colour).toBeEnabled();
        // A change dismissed: the saved role again.
        if (eventsOf(path)[index]?.type === 'DISMISS_COLUMN_ROLES_FAILURE') await expect(colour).not.toHaveValue(world.chosenRole!);
      }
      break;
    case 'saving':
      await expect(colour).toBeDisabled();
      await expect(colour).toHaveValue(world.chosenRole!);
      break;
    case 'failed':
      await expect(rolesFailure).toBeVisible();
      await expect(main.getByRole('button', { name: 'Try again' })).toBeEnabled();
      // Not saved, not lost: the choice stays on screen, to try again or change.
      await expect(colour).toBeEnabled();
      await expect(colour).toHaveValue(world.chosenRole!);
      break;
  }
}

test.describe('knowledge-files machine, model-based (UI level)', () => {
  // One worker, in order: the last test counts what the others passed.
  test.describe.configure({ mode: 'default' });
  test.beforeAll(() => {
    disk = mkdtempSync(join(tmpdir(), 'kf-model-'));
    files = writeFiles(disk);
  });
  test.afterAll(() => rmSync(disk, { recursive: true, force: true }));

  for (const path of paths) {
    test(knowledgeFilesPathName(eventsOf(path)) || '(initial)', async ({ page, request }) => {
      // One knowledge worker serves every spec running at once: a file may wait behind others' on CI.
      test.slow();
      const events = eventsOf(path);
      const merchant = await newMerchant(request, 'knowledge-model', 'lite'); // trainings for the uploads a path makes
      const api = merchantApi(request, merchant);
      const base = await api.create();
      // A deletion path deletes a listed file each time: one more than it deletes, so one is left to fail on.
      const listed: string[] = [];
      if (regionOf(path) === 'deletion') {
        const deletions = events.filter((event) => event.type === 'xstate.done.actor.deleteFile').length;
        for (let i = 1; i <= deletions + 1; i++) {
          const name = `faq-${i}.csv`;
          await api.uploadKnowledge(base, name, `Pergunta;Resposta\nPergunta ${i}?;Resposta ${i}.\n`);
          listed.push(name);
        }
      }
      if (regionOf(path) === 'columnRoles') await api.uploadKnowledge(base, COLUMNS_FILE.name, COLUMNS_FILE.content);

      await signInDirectly(page, merchant);
      await page.clock.install();
      const world: World = {
        page,
        request,
        merchant,
        base,
        list: await HeldRoutes.on(page, 'GET', /^\/api\/v1\/ai-bases\/[^/]+\/files$/),
        upload: await HeldRoutes.on(page, 'POST', /^\/api\/v1\/ai-bases\/[^/]+\/files$/),
        remove: await HeldRoutes.on(page, 'DELETE', /^\/api\/v1\/ai-bases\/[^/]+\/files\/[^/]+$/),
        roles: await HeldRoutes.on(page, 'PUT', /^\/api\/v1\/ai-bases\/[^/]+\/files\/[^/]+\/columns$/),
        listed,
        target: null,
        chosenRole: null,
      };
      try {
        await page.goto(`/en/ia-base/${base.id}`);
        // A whole signed-in page load (session, base, wizard): on a loaded CI machine more than the default 5 s.
        await expect(page.getByRole('main').getByRole('heading', { name: '2. Knowledge base', exact: true })).toBeVisible({
          timeout: 15_000,
        });
        if (regionOf(path) === 'deletion') {
          await world.list.release();
          await expect(
            page.getByRole('main').getByRole('table', { name: 'Files in the knowledge base' }).getByRole('rowheader'),
          ).toHaveText(listed);
        }
        if (regionOf(path) === 'columnRoles') {
          await world.list.release();
          await expect(
            page.getByRole('main').getByRole('table', { name: 'Files in the knowledge base' }).getByRole('rowheader'),
          ).toHaveText([COLUMNS_FILE.name]);
          // The merchant opens the file's columns (3 columns, none hidden yet).
          await page.getByRole('main').getByText('3 columns', { exact: true }).click();
        }
        await expectScreen(world, path, -1);
        for (const index of events.keys()) {
          await perform(world, path, index);
          await expectScreen(world, path, index);
        }
      } finally {
        // The large file goes, so the worker is free for the next test's files.
        for (const file of await serverFiles(world)) if (file.name === SLOW_FILE) await deleteOnServer(world, file);
      }
      passed.push(path);
    });
  }

  test('the passed paths reach every state and take every transition', () => {
    const coverage = coverageOf(knowledgeFilesMachine, { ...model, paths: passed });
    console.log(
      describeCoverage('knowledge-files', 'UI', coverage, passed.length) +
        ` (of ${model.paths.length} in the model, ${realizablePaths.length} realisable)`,
    );
    expect(passed).toHaveLength(paths.length);
    expect(coverage.states.missing).toEqual([]);
    // Every transition but the ones no realisable path takes, and those are exactly what the filter left out.
    expect(coverageOf(knowledgeFilesMachine, { ...model, paths: realizablePaths }).transitions.missing).toEqual(UNREALISABLE_TRANSITIONS);
    expect(coverage.transitions.missing).toEqual(UNREALISABLE_TRANSITIONS);
  });
});
