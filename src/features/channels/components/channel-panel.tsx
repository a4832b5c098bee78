// The surface the connect flow opens in on /channels, and its title: the title takes the keyboard
// when the panel opens or its content changes (script focus only, so no ring).
import styled from 'styled-components';
import { BlockTitle } from '@/src/ui/block-title';
import { scriptFocusTarget } from '@/src/ui/focus-ring';

export const Panel = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space(5)};
  margin-bottom: ${({ theme }) => theme.space(8)};
  padding: ${({ theme }) => theme.space(5)};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  box-shadow: ${({ theme }) => theme.shadow};
`;

export const PanelTitle = styled(BlockTitle)`
  ${scriptFocusTarget}
`;
