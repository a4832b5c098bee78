// A wizard step's section (the AI base and inventory wizards): its heading, which takes the focus when
// the step opens so a screen reader announces it, an optional description, and the step's fields.
import type { ReactNode, RefObject } from 'react';
import styled from 'styled-components';
import { BlockDescription, BlockTitle } from './block-title';
import { scriptFocusTarget } from './focus-ring';

const Section = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space(5)};
`;

// The heading takes the focus for screen readers when a step opens; it is no control, so no ring.
const Title = styled(BlockTitle)`
  ${scriptFocusTarget}
`;

/** One wizard step: its heading (which takes the focus when the step opens) and its fields. */
export function StepSection({
  headingRef,
  title,
  description,
  children,
}: {
  headingRef: RefObject<HTMLHeadingElement | null>;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Section aria-labelledby="wizard-step-title">
      <div>
        <Title id="wizard-step-title" ref={headingRef} tabIndex={-1}>
          {title}
        </Title>
        {description && <BlockDescription>{description}</BlockDescription>}
      </div>
      {children}
    </Section>
  );
}
