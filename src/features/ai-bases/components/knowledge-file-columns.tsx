import { Plural, Trans, useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import type { KnowledgeFile } from '@/domain/knowledge';
import { columnRoles, type ColumnOverride, type ColumnRole, type TableColumn } from '@/domain/knowledge-columns';
import { Select } from '@/src/ui/select';
import { columnRoleMessages } from '../knowledge/column-role-messages';

const Disclosure = styled.details`
  margin-block-start: ${({ theme }) => theme.space(2)};
  summary {
    cursor: pointer;
    font-size: ${({ theme }) => theme.font.size.sm};
  }
`;

const Rows = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  margin: ${({ theme }) => theme.space(3)} 0 0;
  padding: 0;
  list-style: none;
`;

const Sample = styled.span`
  display: block;
  font-size: ${({ theme }) => theme.font.size.sm};
  overflow-wrap: anywhere;
`;

type Props = {
  file: KnowledgeFile;
  /** False while a change is being saved. */
  canChange: boolean;
  /** The roles the merchant chose and that are not saved yet (being saved, or failed to): shown, not lost. */
  pending: readonly ColumnOverride[] | null;
  onChange: (columns: ColumnOverride[]) => void;
};

/** The roles the merchant wants after changing `column` to `role`: every column whose role is not the guess. */
export function overridesAfter(columns: readonly TableColumn[], column: TableColumn, role: ColumnRole): ColumnOverride[] {
  return columns
    .map((each) => ({ sheet: each.sheet, index: each.index, role: each === column ? role : each.role, guessed: each.guessed }))
    .filter((each) => each.role !== each.guessed)
    .map(({ sheet, index, role: chosen }) => ({ sheet, index, role: chosen }));
}

/** The columns as the merchant last chose them: the pending choice (every role not the guess) over the saved roles. */
export function columnsShown(columns: readonly TableColumn[], pending: readonly ColumnOverride[] | null): TableColumn[] {
  if (!pending) return [...columns];
  return columns.map((column) => ({
    ...column,
    role: pending.find((override) => override.sheet === column.sheet && override.index === column.index)?.role ?? column.guessed,
  }));
}

/**
 * A table file's columns with the role each was given (guessed at import, or chosen here) and a
 * sample value; changing a role (e.g. 'Never shown to shoppers' for a cost) reads the file again.
 */
export function KnowledgeFileColumns({ file, canChange, pending, onChange }: Props) {
  const { t, i18n } = useLingui();
  const columns = columnsShown(file.columns, pending);
  const hidden = columns.filter((column) => column.role === 'private').length;
  const options = columnRoles.map((role) => ({ value: role, label: i18n._(columnRoleMessages[role]) }));
  const fileName = file.name;
  return (
    <Disclosure>
      <summary>
        <Plural value={columns.length} one="# column" other="# columns" />
        {hidden > 0 && (
          <>
            {' · '}
            <Plural value={hidden} one="# never shown to shoppers" other="# never shown to shoppers" />
          </>
        )}
      </summary>
      <Rows aria-label={t`Columns of ${fileName}`}>
        {columns.map((column) => {
          const header = column.sheet ? `${column.sheet} · ${column.header}` : column.header;
          const sample = column.sample;
          return (
            <li key={`${column.sheet ?? ''}|${column.index}`}>
              <Select
                label={header}
                value={column.role}
                options={options}
                disabled={!canChange}
                onChange={(event) => onChange(overridesAfter(columns, column, event.target.value as ColumnRole))}
                hint={
                  column.role === 'private' ? (
                    <Trans>Left out of every answer.</Trans>
                  ) : sample ? (
                    <Sample>
                      <Trans>Example: {sample}</Trans>
                    </Sample>
                  ) : undefined
                }
              />
            </li>
          );
        })}
      </Rows>
    </Disclosure>
  );
}
