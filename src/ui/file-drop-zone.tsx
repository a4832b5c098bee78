import { useId, useRef, useState, type DragEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from './button';
import { FieldError, FieldHint } from './field-styles';
import { ProgressBar } from './progress-bar';

export type FileUploadStatus = 'queued' | 'uploading' | 'done' | 'error';

export type FileUploadItem = {
  name: string;
  /** 0–100 */
  progress: number;
  status: FileUploadStatus;
  error?: string;
};

export type FileDropZoneProps = {
  /** Title of the zone, e.g. "Knowledge-base files". */
  label: ReactNode;
  /** Same syntax as <input accept>, e.g. ".xlsx,.csv,application/pdf". */
  accept?: string;
  multiple?: boolean;
  hint?: ReactNode;
  error?: ReactNode;
  disabled?: boolean;
  /** Files being uploaded, shown with a progress bar each. */
  files?: readonly FileUploadItem[];
  /** Called with the accepted files, whether dropped or chosen. */
  onFiles?: (files: File[]) => void;
  /** Called with dropped files that do not match `accept`. */
  onReject?: (files: File[]) => void;
  className?: string;
};

const Zone = styled.div<{ $active: boolean; $invalid: boolean; $disabled: boolean }>`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(6)};
  text-align: center;
  border: 2px dashed
    ${({ theme, $active, $invalid }) => ($invalid ? theme.colors.negative : $active ? theme.colors.secondary : theme.colors.muted)};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme, $active, $disabled }) => ($active || $disabled ? theme.colors.page : theme.colors.surface)};
`;

// Disabled look via colour, not opacity, so the text keeps AA contrast.
const Title = styled.p<{ $disabled: boolean }>`
  margin: 0;
  font-weight: 600;
  color: ${({ theme, $disabled }) => ($disabled ? theme.colors.muted : theme.colors.text)};
`;

const ZoneError = styled(FieldError)`
  margin-top: ${({ theme }) => theme.space(1)};
`;

const FileList = styled.ul`
  list-style: none;
  margin: ${({ theme }) => theme.space(3)} 0 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};
`;

const StatusText = styled.p<{ $error: boolean }>`
  margin: ${({ theme }) => theme.space(1)} 0 0;
  font-size: ${({ theme }) => theme.font.size.sm};
  color: ${({ theme, $error }) => ($error ? theme.colors.negative : theme.colors.muted)};
`;

/** Drag-and-drop files are not filtered by the browser, so check `accept` ourselves. */
function matchesAccept(file: File, accept: string | undefined): boolean {
  if (!accept) return true;
  const name = file.name.toLowerCase();
  const type = file.type.toLowerCase();
  return accept
    .split(',')
    .map((rule) => rule.trim().toLowerCase())
    .filter(Boolean)
    .some((rule) => {
      if (rule.startsWith('.')) return name.endsWith(rule);
      if (rule.endsWith('/*')) return type.startsWith(rule.slice(0, -1));
      return type === rule;
    });
}

function FileStatus({ item }: { item: FileUploadItem }) {
  switch (item.status) {
    case 'queued':
      return <Trans>Waiting to upload</Trans>;
    case 'uploading':
      return <Trans>Uploading</Trans>;
    case 'done':
      return <Trans>Uploaded</Trans>;
    case 'error':
      return item.error ?? <Trans>Upload failed</Trans>;
  }
}

export function FileDropZone({
  label,
  accept,
  multiple = true,
  hint,
  error,
  disabled = false,
  files,
  onFiles,
  onReject,
  className,
}: FileDropZoneProps) {
  const { t } = useLingui();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragActive, setDragActive] = useState(false);
  const titleId = `${id}-title`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [titleId, hintId, error ? errorId : ''].filter(Boolean).join(' ');

  function handleFiles(list: FileList | null) {
    if (!list || disabled) return;
    const all = Array.from(list);
    const picked = multiple ? all : all.slice(0, 1);
    const accepted = picked.filter((file) => matchesAccept(file, accept));
    const rejected = picked.filter((file) => !matchesAccept(file, accept));
    if (accepted.length > 0) onFiles?.(accepted);
    if (rejected.length > 0) onReject?.(rejected);
  }

  function onDragOver(event: DragEvent) {
    event.preventDefault(); // required for the drop event to fire
    if (disabled) return;
    event.dataTransfer.dropEffect = 'copy';
    setDragActive(true);
  }

  function onDragLeave(event: DragEvent) {
    // Ignore leaving into a child element of the zone.
    if (event.currentTarget.contains(event.relatedTarget as Node | null)) return;
    setDragActive(false);
  }

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setDragActive(false);
    handleFiles(event.dataTransfer.files);
  }

  return (
    <div className={className}>
      <Zone
        role="group"
        aria-labelledby={titleId}
        $active={dragActive}
        $invalid={Boolean(error)}
        $disabled={disabled}
        onDragOver={onDragOver}
        onDragLeave={onDragLeave}
        onDrop={onDrop}
      >
        <Title id={titleId} $disabled={disabled}>
          {label}
        </Title>
        <FieldHint id={hintId}>{hint ?? <Trans>Drag and drop files here, or choose them from your device.</Trans>}</FieldHint>
        {/* Keyboard and touch path: the visible button opens the hidden native picker. */}
        <Button variant="secondary" disabled={disabled} aria-describedby={describedBy} onClick={() => inputRef.current?.click()}>
          <Trans>Choose files</Trans>
        </Button>
        <input
          ref={inputRef}
          type="file"
          hidden
          tabIndex={-1}
          accept={accept}
          multiple={multiple}
          disabled={disabled}
          onChange={(event) => {
            handleFiles(event.target.files);
            event.target.value = ''; // allow choosing the same file again
          }}
        />
      </Zone>
      {error && <ZoneError id={errorId}>{error}</ZoneError>}
      {files && files.length > 0 && (
        <FileList aria-label={t`Files`}>
          {files.map((item, index) => (
            <li key={`${item.name}-${index}`}>
              <ProgressBar
                label={item.name}
                value={item.progress}
                showValue
                tone={item.status === 'error' ? 'negative' : item.status === 'done' ? 'positive' : 'default'}
              />
              <StatusText $error={item.status === 'error'}>
                <FileStatus item={item} />
              </StatusText>
            </li>
          ))}
        </FileList>
      )}
    </div>
  );
}
