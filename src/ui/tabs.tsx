import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import { focusRing } from './focus-ring';

export type TabItem = { id: string; label: ReactNode; content: ReactNode; disabled?: boolean };

export type TabsProps = {
  /** Accessible name of the tab list, e.g. "Inventory views". */
  label: string;
  tabs: readonly TabItem[];
  /** Controlled selected tab id; use with onChange. */
  selectedId?: string;
  defaultSelectedId?: string;
  onChange?: (id: string) => void;
  className?: string;
};

const List = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space(1)};
  overflow-x: auto;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const Tab = styled.button<{ $selected: boolean }>`
  flex: none;
  min-height: 44px;
  padding: 0 ${({ theme }) => theme.space(4)};
  font: inherit;
  font-weight: 600;
  color: ${({ theme, $selected }) => ($selected ? theme.colors.primary : theme.colors.muted)};
  background: transparent;
  border: 0;
  border-bottom: 3px solid ${({ theme, $selected }) => ($selected ? theme.colors.secondary : 'transparent')};
  cursor: pointer;

  &:hover:not(:disabled) {
    color: ${({ theme }) => theme.colors.primary};
  }
  ${focusRing}
  &:disabled {
    cursor: not-allowed;
    opacity: 0.6;
  }
`;

const Panel = styled.div`
  padding: ${({ theme }) => theme.space(4)} 0;
  ${focusRing}
`;

/**
 * WAI-ARIA tabs with automatic activation: arrow keys move focus and select,
 * Home/End jump to the ends; only the selected tab is in the Tab order (roving tabindex).
 */
export function Tabs({ label, tabs, selectedId, defaultSelectedId, onChange, className }: TabsProps) {
  const baseId = useId();
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const firstEnabled = tabs.find((tab) => !tab.disabled)?.id;
  const [innerId, setInnerId] = useState(defaultSelectedId ?? firstEnabled);
  const activeId = selectedId ?? innerId;

  function select(id: string) {
    if (selectedId === undefined) setInnerId(id);
    onChange?.(id);
  }

  function onKeyDown(event: KeyboardEvent, index: number) {
    const enabled = tabs.map((tab, i) => (tab.disabled ? -1 : i)).filter((i) => i >= 0);
    const position = enabled.indexOf(index);
    let next: number | undefined;
    if (event.key === 'ArrowRight') next = enabled[(position + 1) % enabled.length];
    else if (event.key === 'ArrowLeft') next = enabled[(position - 1 + enabled.length) % enabled.length];
    else if (event.key === 'Home') next = enabled[0];
    else if (event.key === 'End') next = enabled[enabled.length - 1];
    if (next === undefined) return;
    event.preventDefault();
    const tab = tabs[next];
    if (!tab) return;
    select(tab.id);
    tabRefs.current[next]?.focus();
  }

  return (
    <div className={className}>
      <List role="tablist" aria-label={label}>
        {tabs.map((tab, index) => {
          const selected = tab.id === activeId;
          return (
            <Tab
              key={tab.id}
              ref={(el) => {
                tabRefs.current[index] = el;
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${index}`}
              aria-selected={selected}
              aria-controls={`${baseId}-panel-${index}`}
              tabIndex={selected ? 0 : -1}
              disabled={tab.disabled}
              $selected={selected}
              onClick={() => select(tab.id)}
              onKeyDown={(event) => onKeyDown(event, index)}
            >
              {tab.label}
            </Tab>
          );
        })}
      </List>
      {tabs.map((tab, index) => (
        // Panels stay mounted (hidden) so their state survives switching tabs.
        <Panel
          key={tab.id}
          role="tabpanel"
          id={`${baseId}-panel-${index}`}
          aria-labelledby={`${baseId}-tab-${index}`}
          tabIndex={0}
          hidden={tab.id !== activeId}
        >
          {tab.content}
        </Panel>
      ))}
    </div>
  );
}
