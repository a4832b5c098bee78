import styled, { keyframes } from 'styled-components';
import { VisuallyHidden } from './visually-hidden';

const spin = keyframes`
  to { transform: rotate(360deg); }
`;

const Ring = styled.span<{ $size: number }>`
  display: inline-block;
  flex: none;
  width: ${({ $size }) => $size}px;
  height: ${({ $size }) => $size}px;
  border: 2px solid currentColor;
  border-inline-end-color: transparent;
  border-radius: 50%;
  animation: ${spin} 0.8s linear infinite;
`;

export type SpinnerProps = {
  /** Diameter in pixels. */
  size?: number;
  /**
   * Text announced to screen readers. Without it the spinner is decorative
   * (aria-hidden), e.g. inside a Button that already has aria-busy and a label.
   */
  label?: string;
};

export function Spinner({ size = 16, label }: SpinnerProps) {
  if (!label) return <Ring $size={size} aria-hidden="true" />;
  return (
    <span role="status">
      <Ring $size={size} aria-hidden="true" />
      <VisuallyHidden>{label}</VisuallyHidden>
    </span>
  );
}
