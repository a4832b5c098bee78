import styled, { css } from 'styled-components';
import { focusRing } from './focus-ring';

// Shared building blocks for labelled form controls (text fields, selects, sliders…).

export const FieldWrapper = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(1)};
`;

export const FieldLabel = styled.label`
  font-weight: 600;
  font-size: ${({ theme }) => theme.font.size.md};
  color: ${({ theme }) => theme.colors.text};
`;

export const RequiredMark = styled.span`
  margin-inline-start: ${({ theme }) => theme.space(1)};
  color: ${({ theme }) => theme.colors.negative};
`;

export const FieldHint = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.font.size.sm};
  color: ${({ theme }) => theme.colors.muted};
`;

export const FieldError = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.font.size.sm};
  font-weight: 600;
  color: ${({ theme }) => theme.colors.negative};
`;

/** Box styles for inputs and selects. The muted border keeps 3:1 non-text contrast. */
export const controlBase = css<{ $invalid?: boolean }>`
  width: 100%;
  min-height: 44px;
  padding: ${({ theme }) => `${theme.space(2)} ${theme.space(3)}`};
  font: inherit;
  color: ${({ theme }) => theme.colors.text};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme, $invalid }) => ($invalid ? theme.colors.negative : theme.colors.muted)};
  border-radius: ${({ theme }) => theme.radius.md};
  box-shadow: ${({ theme, $invalid }) => ($invalid ? `inset 0 0 0 1px ${theme.colors.negative}` : 'none')};
  ${focusRing}

  &:disabled {
    cursor: not-allowed;
    color: ${({ theme }) => theme.colors.muted};
    background: ${({ theme }) => theme.colors.page};
    border-color: ${({ theme }) => theme.colors.border};
  }
`;
