import styled from 'styled-components';
import { Trans } from '@lingui/react/macro';
import { FeedbackExamples } from './feedback-examples';
import { FileDropZoneExamples } from './file-drop-zone-examples';
import { FormExamples } from './form-examples';
import { StructureExamples } from './structure-examples';
import { NotificationExamples } from './notification-examples';

const Page = styled.div`
  max-width: 1100px;
  margin: 0 auto;
  padding: ${({ theme }) => `${theme.space(8)} ${theme.space(4)}`};
`;

const Title = styled.h1`
  margin: 0 0 ${({ theme }) => theme.space(2)};
  font-size: ${({ theme }) => theme.font.size.xxl};
  color: ${({ theme }) => theme.colors.primary};
`;

const Intro = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(6)};
  color: ${({ theme }) => theme.colors.muted};
`;

/** Every UI-kit component in its states (default, focus, disabled, error, loading). */
export function ComponentExamplesPage() {
  return (
    <Page>
      <Title>
        <Trans>Component examples</Trans>
      </Title>
      <Intro>
        <Trans>The building blocks of Catalyst screens. Press Tab to move through them and see the focus ring.</Trans>
      </Intro>
      <FormExamples />
      <FileDropZoneExamples />
      <FeedbackExamples />
      <StructureExamples />
      <NotificationExamples />
    </Page>
  );
}
