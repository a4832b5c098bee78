// What became of a submitted template, from Meta's review: in review (a spinner; the page asks
// again every few seconds), approved, rejected with Meta's reason per language (then 'Edit and
// submit again'), or paused until when Meta says (also editable). Each language's status below.
import { Fragment, type RefObject } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import { isTemplateLanguage, type TemplateRecord } from '@/domain/message-template';
import type { ReviewOutcome } from '@/machines/template-editor';
import { useLang } from '@/src/i18n/use-lang';
import { BlockTitle } from '@/src/ui/block-title';
import { Button } from '@/src/ui/button';
import { FactsList } from '@/src/ui/facts-list';
import { scriptFocusTarget } from '@/src/ui/focus-ring';
import { Notice } from '@/src/ui/notice';
import { Spinner } from '@/src/ui/spinner';
import { templateLanguageNames } from '../template-messages';
import { PausedUntil, RejectionReason, TemplateStatusBadge } from './template-status';

const Section = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
`;

const Title = styled(BlockTitle)`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  ${scriptFocusTarget}
`;

type Props = {
  outcome: ReviewOutcome;
  records: readonly TemplateRecord[];
  /** Takes the keyboard when the outcome changes, so a screen reader says it. */
  headingRef: RefObject<HTMLHeadingElement | null>;
  onEdit: () => void;
};

export function TemplateReview({ outcome, records, headingRef, onEdit }: Props) {
  const { i18n } = useLingui();
  const lang = useLang();
  const languageName = (language: string) => (isTemplateLanguage(language) ? i18n._(templateLanguageNames[language]) : language);
  const editable = outcome === 'rejected' || outcome === 'paused';

  return (
    <Section aria-labelledby="template-review-title">
      <Title id="template-review-title" ref={headingRef} tabIndex={-1}>
        {outcome === 'pending' && (
          <>
            {/* Decorative: the heading says it, and takes the keyboard so a screen reader reads it. */}
            <Spinner size={20} />
            <Trans>In review</Trans>
          </>
        )}
        {outcome === 'approved' && <Trans>Approved</Trans>}
        {outcome === 'rejected' && <Trans>Rejected</Trans>}
        {outcome === 'paused' && <Trans>Paused</Trans>}
      </Title>
      {outcome === 'pending' && (
        <Notice variant="info">
          <Trans>
            Meta reviews each language of the template, usually in a few minutes and at most in 24 hours. You may leave this page: the
            templates list shows where the review stands.
          </Trans>
        </Notice>
      )}
      {outcome === 'approved' && (
        <Notice variant="positive">
          <Trans>Meta approved the template: Catalyst can send it to shoppers who agreed to receive it.</Trans>
        </Notice>
      )}
      {outcome === 'rejected' && (
        <Notice variant="negative" title={<Trans>Meta rejected the template.</Trans>}>
          <Trans>Change what Meta’s reason points at, then submit it again.</Trans>
        </Notice>
      )}
      {outcome === 'paused' && (
        <Notice variant="warning" title={<Trans>Meta paused the template.</Trans>}>
          <Trans>Shoppers blocked or reported it too often. It cannot be sent while paused; you may improve it and submit it again.</Trans>
        </Notice>
      )}
      <FactsList>
        {records.map((record) => (
          <Fragment key={record.language}>
            <dt>{languageName(record.language)}</dt>
            <dd>
              <TemplateStatusBadge status={record.status} />
              {record.status === 'REJECTED' && <RejectionReason reason={record.rejectedReason} />}
              {record.status === 'PAUSED' && <PausedUntil until={record.pausedUntil} lang={lang} />}
            </dd>
          </Fragment>
        ))}
      </FactsList>
      {editable && (
        <div>
          <Button onClick={onEdit}>
            <Trans>Edit and submit again</Trans>
          </Button>
        </div>
      )}
    </Section>
  );
}
