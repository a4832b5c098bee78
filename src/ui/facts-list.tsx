// A few facts as a definition list — a label and its value on each line (an AI base's summary, an
// inventory's card, its info and its sync status). Labels muted; long values (URLs) wrap anywhere.
import styled from 'styled-components';

export const FactsList = styled.dl`
  display: grid;
  grid-template-columns: minmax(0, max-content) minmax(0, 1fr);
  gap: ${({ theme }) => `${theme.space(2)} ${theme.space(4)}`};
  margin: 0;

  dt {
    color: ${({ theme }) => theme.colors.muted};
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;
