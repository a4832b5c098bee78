import { Trans, useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import type { KnowledgeUpload } from '@/machines/knowledge-files';
import { Button } from '@/src/ui/button';
import { FileName } from '@/src/ui/file-name';
import { ProgressBar } from '@/src/ui/progress-bar';
import { knowledgeFailureMessages } from '../knowledge/knowledge-failure-messages';
import { formatFileSize } from '../knowledge/knowledge-file-size';

const List = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Item = styled.li<{ $problem: boolean }>`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(3)};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme, $problem }) => ($problem ? theme.colors.negative : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radius.md};
`;

const Top = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(2)};
`;

const Name = styled(FileName)`
  font-weight: 600;
`;

const Size = styled.span`
  font-size: ${({ theme }) => theme.font.size.sm};
  color: ${({ theme }) => theme.colors.muted};
`;

const Problem = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.negative};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
`;

type Props = {
  uploads: readonly KnowledgeUpload[];
  onCancel: (uploadId: string) => void;
  onRetry: (uploadId: string) => void;
  onDismiss: (uploadId: string) => void;
};

/** The files being sent (with their progress), and those refused or interrupted (with why, until dismissed). */
export function KnowledgeUploadList({ uploads, onCancel, onRetry, onDismiss }: Props) {
  const { t, i18n } = useLingui();
  if (uploads.length === 0) return null;
  return (
    <List aria-label={t`Uploads`}>
      {uploads.map((upload) => {
        const name = upload.name;
        return (
          <Item key={upload.id} $problem={upload.status !== 'uploading'}>
            <Top>
              <Name name={name} />
              <Size>{formatFileSize(i18n, upload.sizeBytes)}</Size>
            </Top>
            {upload.status === 'uploading' && (
              <>
                <ProgressBar label={upload.progress < 100 ? t`Uploading ${name}` : t`Checking ${name}`} value={upload.progress} showValue />
                <Actions>
                  <Button variant="ghost" size="sm" aria-label={t`Cancel the upload of ${name}`} onClick={() => onCancel(upload.id)}>
                    <Trans>Cancel</Trans>
                  </Button>
                </Actions>
              </>
            )}
            {upload.status === 'refused' && upload.refusal && (
              <Problem role="alert">
                <Trans>Not added:</Trans> {i18n._(knowledgeFailureMessages[upload.refusal])}
              </Problem>
            )}
            {upload.status === 'failed' && (
              <Problem role="alert">
                <Trans>The upload was interrupted. Check your connection and try again.</Trans>
              </Problem>
            )}
            {upload.status !== 'uploading' && (
              <Actions>
                {upload.status === 'failed' && (
                  <Button variant="secondary" size="sm" aria-label={t`Try again to upload ${name}`} onClick={() => onRetry(upload.id)}>
                    <Trans>Try again</Trans>
                  </Button>
                )}
                <Button variant="ghost" size="sm" aria-label={t`Dismiss ${name}`} onClick={() => onDismiss(upload.id)}>
                  <Trans>Dismiss</Trans>
                </Button>
              </Actions>
            )}
          </Item>
        );
      })}
    </List>
  );
}
