import type { ReactNode } from 'react';
import type { I18n } from '@lingui/core';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import type { KnowledgeFile } from '@/domain/knowledge';
import { Badge, type BadgeVariant } from '@/src/ui/badge';
import { ProgressBar } from '@/src/ui/progress-bar';
import { knowledgeFailureMessages } from '../knowledge/knowledge-failure-messages';

// Room for the progress bar while a file is read; no more, so that with a file name kept whole
// between its words the table still fits a tablet's width, its delete buttons in view.
const Cell = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(1)};
  min-width: 9rem;
`;

const Words = styled.span`
  display: inline-flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
`;

const Detail = styled.span`
  font-size: ${({ theme }) => theme.font.size.sm};
`;

/** The status's badge and what it adds: the passages found, or why the file failed. */
function wordsFor(file: KnowledgeFile, i18n: I18n): { variant: BadgeVariant; label: ReactNode; detail: ReactNode } {
  switch (file.status) {
    case 'uploaded':
      return { variant: 'neutral', label: <Trans>Uploaded</Trans>, detail: <Trans>Waiting to be processed</Trans> };
    case 'processing':
      return { variant: 'info', label: <Trans>Processing</Trans>, detail: null };
    case 'ready':
      return { variant: 'positive', label: <Trans>Ready</Trans>, detail: <ReadyDetail file={file} /> };
    case 'failed':
      return {
        variant: 'negative',
        label: <Trans>Failed</Trans>,
        detail: file.failureReason ? i18n._(knowledgeFailureMessages[file.failureReason]) : null,
      };
  }
}

/** What a ready file holds, and what its reading noticed: products, products left out, numbers kept as written, scanned pages. */
function ReadyDetail({ file }: { file: KnowledgeFile }) {
  const { products = 0, scannedPages = 0, totalPages = 0, scientificNumbers = 0, skippedProducts = {} } = file.notes;
  const { archived = 0, draft = 0, unpublished = 0 } = skippedProducts;
  const skipped = archived + draft + unpublished;
  return (
    <Notes>
      <span>
        <Plural value={file.passageCount} one="# passage" other="# passages" />
        {products > 0 && (
          <>
            {' · '}
            <Plural value={products} one="# product" other="# products" />
          </>
        )}
      </span>
      {skipped > 0 && (
        <span>
          <Plural value={skipped} one="# product left out" other="# products left out" /> (
          <Trans>
            archived: {archived}, draft: {draft}, unpublished: {unpublished}
          </Trans>
          )
        </span>
      )}
      {scientificNumbers > 0 && (
        <span>
          <Plural
            value={scientificNumbers}
            one="# number looks changed by Excel (like 1.2E+11): kept as written; check its column."
            other="# numbers look changed by Excel (like 1.2E+11): kept as written; check their columns."
          />
        </span>
      )}
      {scannedPages > 0 && (
        <span>
          <Trans>
            {scannedPages} of {totalPages} pages look scanned; their text was not read.
          </Trans>
        </span>
      )}
    </Notes>
  );
}

const Notes = styled.span`
  display: grid;
  gap: ${({ theme }) => theme.space(1)};
`;

/**
 * A file's processing status. The words are a polite live region (each change is read out once);
 * the percentage while it is read is the progress bar's, so it is not announced every poll.
 */
export function KnowledgeFileStatus({ file }: { file: KnowledgeFile }) {
  const { t, i18n } = useLingui();
  const { variant, label, detail } = wordsFor(file, i18n);
  const name = file.name;
  return (
    <Cell>
      <Words aria-live="polite" aria-atomic="true">
        <Badge variant={variant}>{label}</Badge>
        {detail && <Detail>{detail}</Detail>}
      </Words>
      {file.status === 'processing' && <ProgressBar label={t`Processing ${name}`} hideLabel value={file.progress} showValue />}
    </Cell>
  );
}
