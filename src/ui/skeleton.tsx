import styled, { keyframes } from 'styled-components';
import { useLingui } from '@lingui/react/macro';
import { VisuallyHidden } from './visually-hidden';

export type SkeletonProps = {
  /** Number of text lines. */
  lines?: number;
  /** Adds a block (image/card placeholder) above the lines. */
  block?: boolean;
  /** Announced text; defaults to "Loading…". */
  label?: string;
  className?: string;
};

const shimmer = keyframes`
  from { background-position: 100% 0; }
  to { background-position: -100% 0; }
`;

const Bar = styled.div<{ $height: number }>`
  height: ${({ $height }) => $height}px;
  border-radius: ${({ theme }) => theme.radius.sm};
  background: linear-gradient(
    90deg,
    ${({ theme }) => theme.colors.border} 25%,
    ${({ theme }) => theme.colors.page} 50%,
    ${({ theme }) => theme.colors.border} 75%
  );
  background-size: 200% 100%;
  animation: ${shimmer} 1.4s ease-in-out infinite;
`;

const Shapes = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
`;

/** Placeholder while content loads: the shapes are hidden from assistive tech, the status text is not. */
export function Skeleton({ lines = 3, block = false, label, className }: SkeletonProps) {
  const { t } = useLingui();
  return (
    <div role="status" className={className}>
      <VisuallyHidden>{label ?? t`Loading…`}</VisuallyHidden>
      <Shapes aria-hidden="true">
        {block && <Bar $height={120} />}
        {Array.from({ length: lines }, (_, index) => (
          // The last line is shorter, like the end of a paragraph.
          <Bar key={index} $height={14} style={index === lines - 1 && lines > 1 ? { width: '60%' } : undefined} />
        ))}
      </Shapes>
    </div>
  );
}
