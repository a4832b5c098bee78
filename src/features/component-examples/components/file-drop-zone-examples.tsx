import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { FileDropZone, type FileUploadItem } from '@/src/ui/file-drop-zone';
import { ExampleSection } from './example-section';
import { ExampleState } from './example-state';

const ACCEPT = '.xlsx,.csv,.pdf,.docx,.txt';

/** File drop zone states; dropped or chosen files are appended as queued (no real upload here). */
export function FileDropZoneExamples() {
  const { t } = useLingui();
  const [files, setFiles] = useState<FileUploadItem[]>(() => [
    { name: 'catalog.xlsx', progress: 100, status: 'done' },
    { name: 'price-list-2025.csv', progress: 64, status: 'uploading' },
    { name: 'shipping-faq.pdf', progress: 0, status: 'queued' },
    { name: 'supplier-photos.zip', progress: 12, status: 'error', error: t`This file type is not supported.` },
  ]);
  const [rejected, setRejected] = useState<string[]>([]);
  const rejectedNames = rejected.join(', ');

  return (
    <ExampleSection title={<Trans>File drop zone</Trans>}>
      <ExampleState caption={<Trans>Default with upload progress</Trans>} wide>
        <FileDropZone
          label={<Trans>Knowledge-base files</Trans>}
          hint={<Trans>Drag spreadsheets, PDFs or documents here (XLSX, CSV, PDF, DOCX, TXT), or choose them.</Trans>}
          accept={ACCEPT}
          files={files}
          onFiles={(added) => {
            setRejected([]);
            setFiles((current) => [...current, ...added.map((file) => ({ name: file.name, progress: 0, status: 'queued' as const }))]);
          }}
          onReject={(list) => setRejected(list.map((file) => file.name))}
          error={rejected.length > 0 ? <Trans>Not added, unsupported type: {rejectedNames}</Trans> : undefined}
        />
      </ExampleState>
      <ExampleState caption={<Trans>Focus: tab to it</Trans>}>
        <FileDropZone label={<Trans>Inventory spreadsheet</Trans>} accept=".xlsx,.csv" multiple={false} />
      </ExampleState>
      <ExampleState caption={<Trans>Disabled</Trans>}>
        <FileDropZone
          label={<Trans>Product photos</Trans>}
          hint={<Trans>Upgrade your plan to add photos to the AI base.</Trans>}
          accept="image/*"
          disabled
        />
      </ExampleState>
      <ExampleState caption={<Trans>Error</Trans>}>
        <FileDropZone
          label={<Trans>Knowledge-base files</Trans>}
          accept={ACCEPT}
          error={<Trans>Add at least one file to train the AI base.</Trans>}
        />
      </ExampleState>
    </ExampleSection>
  );
}
