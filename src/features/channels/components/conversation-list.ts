// The list a number's conversations are shown in, WhatsApp's and the website widget's alike: one card
// per conversation, so both read the same on the number's screen.
import styled from 'styled-components';

export const ConversationList = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(4)};
`;

export const ConversationItem = styled.li`
  padding: ${({ theme }) => theme.space(4)};
  background: ${({ theme }) => theme.colors.surface};
  border-radius: ${({ theme }) => theme.radius.lg};
  h3 {
    margin: 0;
  }
`;
