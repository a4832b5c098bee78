// A few facts as a definition list — a label and its value on each line (an AI base's summary, an
// inventory's card, its info and its sync status). Labels muted. A label takes at most half the
// line, wrapping between its words, so that in a narrow card the values keep room for theirs; a
// word longer than its value's room (a URL) breaks anywhere.
import styled from 'styled-components';

export const FactsList = styled.dl`
  display: grid;
  grid-template-columns: fit-content(50%) minmax(0, 1fr);
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
