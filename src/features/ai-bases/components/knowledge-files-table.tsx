import { Trans, useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import type { KnowledgeFile } from '@/domain/knowledge';
import type { ColumnOverride } from '@/domain/knowledge-columns';
import { Button } from '@/src/ui/button';
import { FileName } from '@/src/ui/file-name';
import { Table, type TableColumn } from '@/src/ui/table';
import { formatFileSize } from '../knowledge/knowledge-file-size';
import { KnowledgeFileColumns } from './knowledge-file-columns';
import { KnowledgeFileStatus } from './knowledge-file-status';

const Size = styled.span`
  white-space: nowrap;
`;

type Props = {
  files: readonly KnowledgeFile[];
  /** False while another file is being deleted. */
  canDelete: boolean;
  onDelete: (file: KnowledgeFile) => void;
  /** False while a column-roles change is being saved. */
  canChangeColumns: boolean;
  /** A column roles change not saved yet (being saved, or failed to), for the file it is of. */
  pendingColumns: { fileId: string; columns: ColumnOverride[] } | null;
  onChangeColumns: (file: KnowledgeFile, columns: ColumnOverride[]) => void;
};

/** The knowledge base's files: name, size, processing status (and a table file's columns with their roles), and a delete button each. */
export function KnowledgeFilesTable({ files, canDelete, onDelete, canChangeColumns, pendingColumns, onChangeColumns }: Props) {
  const { t, i18n } = useLingui();
  const columns: TableColumn<KnowledgeFile>[] = [
    {
      key: 'name',
      header: <Trans>File</Trans>,
      isRowHeader: true,
      render: (file) => <FileName name={file.name} />,
    },
    { key: 'size', header: <Trans>Size</Trans>, align: 'end', render: (file) => <Size>{formatFileSize(i18n, file.sizeBytes)}</Size> },
    {
      key: 'status',
      header: <Trans>Status</Trans>,
      // A ready table file's columns with their roles, under its status (the row header stays the file's name).
      render: (file) => (
        <>
          <KnowledgeFileStatus file={file} />
          {file.status === 'ready' && file.columns.length > 0 && (
            <KnowledgeFileColumns
              file={file}
              canChange={canChangeColumns}
              pending={pendingColumns?.fileId === file.id ? pendingColumns.columns : null}
              onChange={(columns) => onChangeColumns(file, columns)}
            />
          )}
        </>
      ),
    },
    {
      key: 'actions',
      header: <Trans>Actions</Trans>,
      render: (file) => {
        const name = file.name;
        return (
          <Button variant="ghost" size="sm" disabled={!canDelete} aria-label={t`Delete ${name}`} onClick={() => onDelete(file)}>
            <Trans>Delete</Trans>
          </Button>
        );
      },
    },
  ];
  return (
    <Table
      caption={<Trans>Files in the knowledge base</Trans>}
      columns={columns}
      rows={files}
      rowKey={(file) => file.id}
      emptyMessage={<Trans>No files yet. The agent learns from the files you add here.</Trans>}
    />
  );
}
