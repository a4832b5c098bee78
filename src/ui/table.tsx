import { useId, type Key, type ReactNode } from 'react';
import styled, { type DefaultTheme } from 'styled-components';
import { focusRing } from './focus-ring';
import { VisuallyHidden } from './visually-hidden';

export type TableColumn<Row> = {
  key: string;
  header: ReactNode;
  /** Cell content; defaults to row[key] as text. */
  render?: (row: Row) => ReactNode;
  /** 'end' for numbers and amounts. */
  align?: 'start' | 'end';
  /** Marks this column's cells as row headers (<th scope="row">), e.g. the product name. */
  isRowHeader?: boolean;
};

export type TableProps<Row> = {
  caption: ReactNode;
  /** Keeps the caption for screen readers only (when a visible heading already names the table). */
  hideCaption?: boolean;
  columns: readonly TableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => Key;
  /** Shown in a single cell when there are no rows. */
  emptyMessage?: ReactNode;
  className?: string;
};

// Focusable, named region so keyboard users can scroll wide tables on phones.
const Scroller = styled.div`
  overflow-x: auto;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
  ${focusRing}
`;

const StyledTable = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: ${({ theme }) => theme.font.size.md};
`;

const Caption = styled.caption`
  padding: ${({ theme }) => theme.space(3)};
  text-align: start;
  font-weight: 600;
  color: ${({ theme }) => theme.colors.text};
`;

const cellPadding = ({ theme }: { theme: DefaultTheme }) => `${theme.space(2)} ${theme.space(3)}`;

const HeaderCell = styled.th<{ $align: 'start' | 'end' }>`
  padding: ${cellPadding};
  text-align: ${({ $align }) => $align};
  font-size: ${({ theme }) => theme.font.size.sm};
  color: ${({ theme }) => theme.colors.muted};
  background: ${({ theme }) => theme.colors.page};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const RowHeaderCell = styled.th<{ $align: 'start' | 'end' }>`
  padding: ${cellPadding};
  text-align: ${({ $align }) => $align};
  font-weight: 600;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const Cell = styled.td<{ $align: 'start' | 'end' }>`
  padding: ${cellPadding};
  text-align: ${({ $align }) => $align};
  font-variant-numeric: ${({ $align }) => ($align === 'end' ? 'tabular-nums' : 'normal')};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const EmptyCell = styled.td`
  padding: ${({ theme }) => theme.space(6)};
  text-align: center;
  color: ${({ theme }) => theme.colors.muted};
`;

function defaultCell<Row>(row: Row, key: string): ReactNode {
  const value = (row as Record<string, unknown>)[key];
  return value === null || value === undefined ? '' : String(value);
}

export function Table<Row>({ caption, hideCaption, columns, rows, rowKey, emptyMessage, className }: TableProps<Row>) {
  const captionId = useId();
  return (
    <Scroller role="region" aria-labelledby={captionId} tabIndex={0} className={className}>
      <StyledTable>
        <Caption id={captionId}>{hideCaption ? <VisuallyHidden>{caption}</VisuallyHidden> : caption}</Caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <HeaderCell key={column.key} scope="col" $align={column.align ?? 'start'}>
                {column.header}
              </HeaderCell>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 && emptyMessage ? (
            <tr>
              <EmptyCell colSpan={columns.length}>{emptyMessage}</EmptyCell>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={rowKey(row)}>
                {columns.map((column) => {
                  const content = column.render ? column.render(row) : defaultCell(row, column.key);
                  const align = column.align ?? 'start';
                  return column.isRowHeader ? (
                    <RowHeaderCell key={column.key} scope="row" $align={align}>
                      {content}
                    </RowHeaderCell>
                  ) : (
                    <Cell key={column.key} $align={align}>
                      {content}
                    </Cell>
                  );
                })}
              </tr>
            ))
          )}
        </tbody>
      </StyledTable>
    </Scroller>
  );
}
