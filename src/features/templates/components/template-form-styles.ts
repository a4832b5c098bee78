// The editor's groups of fields (the languages, the header, the buttons, the examples): a fieldset
// whose legend names it, in the style of src/ui's radio group.
import styled from 'styled-components';

export const Group = styled.fieldset`
  margin: 0;
  padding: 0;
  border: 0;
  min-width: 0;
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
`;

export const GroupLegend = styled.legend`
  padding: 0;
  margin-bottom: ${({ theme }) => theme.space(1)};
  font-weight: 600;
  color: ${({ theme }) => theme.colors.text};
`;
