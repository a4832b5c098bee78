import type { RefObject } from 'react';
import { Trans } from '@lingui/react/macro';
import { Notice } from '../../../ui/notice';
import { StepSection } from './step-section';

/** Step 2: the files the agent learns from (.xls, .xlsx, .csv, .pdf up to 100 MB each). */
export function KnowledgeStep({ headingRef }: { headingRef: RefObject<HTMLHeadingElement | null> }) {
  return (
    <StepSection
      headingRef={headingRef}
      title={<Trans>2. Knowledge base</Trans>}
      description={<Trans>Spreadsheets and PDFs with your products, prices and policies: the agent answers from them.</Trans>}
    >
      <Notice variant="info">
        <Trans>Accepted files: .xls, .xlsx, .csv and .pdf, up to 100 MB each.</Trans>
      </Notice>
    </StepSection>
  );
}
