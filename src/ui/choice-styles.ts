import styled from 'styled-components';
import { focusRing } from './focus-ring';

// Shared building blocks for checkboxes and radio buttons: the box, then its label beside it.

export const ChoiceRow = styled.div`
  display: grid;
  grid-template-columns: auto 1fr;
  column-gap: ${({ theme }) => theme.space(3)};
  align-items: start;
`;

export const ChoiceInput = styled.input`
  width: 22px;
  height: 22px;
  margin: 1px 0 0;
  accent-color: ${({ theme }) => theme.colors.secondary};
  cursor: pointer;
  ${focusRing}
  &:disabled {
    cursor: not-allowed;
  }
`;

export const ChoiceLabel = styled.label<{ $disabled: boolean }>`
  color: ${({ theme, $disabled }) => ($disabled ? theme.colors.muted : theme.colors.text)};
  cursor: ${({ $disabled }) => ($disabled ? 'not-allowed' : 'pointer')};
`;
