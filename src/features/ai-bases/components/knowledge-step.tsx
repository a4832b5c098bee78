import { useEffect, useRef, type RefObject } from 'react';
import { useBlocker, useRouter } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import { acceptedKnowledgeFileExtensions } from '@/domain/knowledge';
import { isSendingFiles, type KnowledgeFilesMachine } from '@/machines/knowledge-files';
import type { ActorRefFrom } from 'xstate';
import { Button } from '@/src/ui/button';
import { FileDropZone } from '@/src/ui/file-drop-zone';
import { Notice } from '@/src/ui/notice';
import { Skeleton } from '@/src/ui/skeleton';
import { useLang } from '@/src/i18n/use-lang';
import { KnowledgeDeleteDialog } from './knowledge-delete-dialog';
import { KnowledgeFilesTable } from './knowledge-files-table';
import { KnowledgeUploadList } from './knowledge-upload-list';
import { StepSection } from '@/src/ui/step-section';

const Files = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};

  &:focus {
    outline: none;
  }
`;

const Hint = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.muted};
`;

/**
 * Step 2: the files the agent learns from (.xls, .xlsx, .csv, .pdf up to 100 MB each), bound to
 * the knowledge-files machine. The wizard's "Save and advance" stays available: the server goes
 * on processing the files whatever step the merchant is on.
 */
type Props = {
  headingRef: RefObject<HTMLHeadingElement | null>;
  /** The wizard's child actor for this step: the wizard reads it too (it waits for uploads). */
  files: ActorRefFrom<KnowledgeFilesMachine>;
  /** False while the step is being saved: the wizard moves on after it, which would stop a new upload. */
  acceptsFiles?: boolean;
};

export function KnowledgeStep({ headingRef, files: filesActor, acceptsFiles = true }: Props) {
  const { t } = useLingui();
  const { runtimeConfig } = useRouter().options.context;
  const lang = useLang();
  const snapshot = useSelector(filesActor, (s) => s);
  const send = filesActor.send;
  const { files, uploads, deletion } = snapshot.context;
  const filesRef = useRef<HTMLDivElement>(null);

  // Leaving (another page, a reload, closing the tab) would stop the uploads: ask first.
  const uploading = isSendingFiles(snapshot);
  useBlocker({
    shouldBlockFn: () => uploading && !window.confirm(t`Files are still uploading. Leave and stop them?`),
    enableBeforeUnload: () => uploading,
  });

  const deleting = snapshot.matches({ deletion: 'deleting' });
  const confirming = snapshot.matches({ deletion: 'confirming' });
  const toDelete = deletion ? (files.find((file) => file.id === deletion.fileId)?.name ?? '') : null;

  // A deleted file's row (and the button that had the keyboard) is gone: the list takes the focus.
  const wasDeleting = useRef(false);
  useEffect(() => {
    if (wasDeleting.current && snapshot.matches({ deletion: 'idle' })) filesRef.current?.focus();
    wasDeleting.current = deleting;
  }, [deleting, snapshot]);

  const add = (picked: File[]) => picked.forEach((file) => send({ type: 'ADD_FILE', file }));
  const listed = !snapshot.matches({ list: 'loading' }) && !(snapshot.matches({ list: 'loadFailed' }) && files.length === 0);

  return (
    <StepSection
      headingRef={headingRef}
      title={<Trans>2. Knowledge base</Trans>}
      description={<Trans>Spreadsheets and PDFs with your products, prices and policies: the agent answers from them.</Trans>}
    >
      <Notice variant="info">
        <Trans>Accepted files: .xls, .xlsx, .csv and .pdf, up to 100 MB each.</Trans>{' '}
        <a href={`${runtimeConfig.apiBaseUrl}/knowledge-template.xlsx?lang=${lang}`} download>
          <Trans>Download the reference model (.xlsx)</Trans>
        </a>
      </Notice>

      <FileDropZone
        label={<Trans>Add files to the knowledge base</Trans>}
        accept={acceptedKnowledgeFileExtensions}
        multiple
        hint={<Trans>Drag and drop files here, or choose them from your device. Several at once are fine.</Trans>}
        disabled={!acceptsFiles}
        onFiles={add}
        // Dropped files of another type are refused by the machine, with the reason shown.
        onReject={add}
      />

      <KnowledgeUploadList
        uploads={uploads}
        onCancel={(uploadId) => send({ type: 'CANCEL_UPLOAD', uploadId })}
        onRetry={(uploadId) => send({ type: 'RETRY_UPLOAD', uploadId })}
        onDismiss={(uploadId) => send({ type: 'DISMISS_UPLOAD', uploadId })}
      />
      {uploading && (
        <Hint>
          <Trans>You can go on once the uploads finish.</Trans>
        </Hint>
      )}

      <Files ref={filesRef} tabIndex={-1}>
        {snapshot.matches({ list: 'loading' }) && <Skeleton block lines={3} label={t`Loading the files`} />}
        {snapshot.matches({ list: 'loadFailed' }) && (
          <Notice variant="negative" title={<Trans>The files could not be loaded.</Trans>}>
            <Button variant="secondary" onClick={() => send({ type: 'RETRY' })}>
              <Trans>Try again</Trans>
            </Button>
          </Notice>
        )}
        {snapshot.matches({ list: 'retrying' }) && (
          <Notice variant="warning">
            <Trans>The statuses could not be updated. Trying again shortly.</Trans>
          </Notice>
        )}
        {snapshot.matches({ deletion: 'failed' }) && (
          <Notice
            variant="negative"
            title={<Trans>{toDelete} could not be deleted.</Trans>}
            onDismiss={() => send({ type: 'DISMISS_DELETE_FAILURE' })}
          >
            <Button variant="secondary" onClick={() => send({ type: 'RETRY_DELETE' })}>
              <Trans>Try again</Trans>
            </Button>
          </Notice>
        )}
        {snapshot.matches({ columnRoles: 'failed' }) && (
          <Notice
            variant="negative"
            title={<Trans>The column roles could not be saved.</Trans>}
            onDismiss={() => send({ type: 'DISMISS_COLUMN_ROLES_FAILURE' })}
          >
            <Button variant="secondary" onClick={() => send({ type: 'RETRY_COLUMN_ROLES' })}>
              <Trans>Try again</Trans>
            </Button>
          </Notice>
        )}
        {listed && (
          <KnowledgeFilesTable
            files={files}
            canDelete={snapshot.matches({ deletion: 'idle' }) || snapshot.matches({ deletion: 'failed' })}
            onDelete={(file) => send({ type: 'DELETE_FILE', fileId: file.id })}
            canChangeColumns={!snapshot.hasTag('saving')}
            pendingColumns={snapshot.context.roleChange}
            onChangeColumns={(file, columns) => send({ type: 'SET_COLUMN_ROLES', fileId: file.id, columns })}
          />
        )}
        {files.length > 0 && (
          <Hint>
            <Trans>You can go on to the next step: files keep being processed in the background.</Trans>
          </Hint>
        )}
      </Files>

      <KnowledgeDeleteDialog
        name={confirming || deleting ? toDelete : null}
        deleting={deleting}
        onConfirm={() => send({ type: 'CONFIRM_DELETE' })}
        onCancel={() => send({ type: 'CANCEL_DELETE' })}
      />
    </StepSection>
  );
}
