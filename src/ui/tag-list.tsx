// Short labels (a contact's tags, an audience's) as a list of chips, each with a button that removes
// it when `onRemove` is given. The list is named for screen readers; each button says which label
// it removes (`removeLabel`), the × it shows is decorative.
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { CloseIcon } from './close-icon';
import { iconButtonBase } from './icon-button-styles';

const List = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Chip = styled.li`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(1)};
  padding: 2px ${({ theme }) => theme.space(2)};
  font-size: ${({ theme }) => theme.font.size.sm};
  color: ${({ theme }) => theme.colors.primary};
  background: ${({ theme }) => theme.colors.page};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.pill};
`;

const Remove = styled.button`
  ${iconButtonBase}
  min-width: 24px;
  min-height: 24px;
  color: ${({ theme }) => theme.colors.muted};
  border-radius: ${({ theme }) => theme.radius.pill};
  &:hover:not(:disabled) {
    color: ${({ theme }) => theme.colors.negative};
  }
  &:disabled {
    cursor: not-allowed;
    opacity: 0.6;
  }
`;

type Props = {
  /** The list's accessible name. */
  label: string;
  tags: readonly string[];
  /** Shown instead of an empty list. */
  empty?: ReactNode;
  onRemove?: (tag: string) => void;
  /** The remove button's accessible name for a tag. */
  removeLabel?: (tag: string) => string;
  disabled?: boolean;
};

export function TagList({ label, tags, empty, onRemove, removeLabel, disabled }: Props) {
  if (tags.length === 0) return empty ?? null;
  return (
    <List aria-label={label}>
      {tags.map((tag) => (
        <Chip key={tag}>
          <span>{tag}</span>
          {onRemove && (
            <Remove type="button" aria-label={removeLabel?.(tag) ?? tag} disabled={disabled} onClick={() => onRemove(tag)}>
              <CloseIcon size={12} />
            </Remove>
          )}
        </Chip>
      ))}
    </List>
  );
}
