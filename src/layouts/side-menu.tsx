import { createLink } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import { useLang } from '../i18n/use-lang';
import { navItems } from './nav-items';

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: ${({ theme }) => theme.space(2)};
  display: grid;
  gap: ${({ theme }) => theme.space(1)};
`;

const itemStyle = `
  display: flex; align-items: center; justify-content: space-between; gap: 8px;
  padding: 10px 12px; border-radius: 8px; color: #ffffff; text-decoration: none;
`;

const MenuAnchor = styled.a`
  ${itemStyle}
  &:hover {
    background: rgba(255, 255, 255, 0.08);
  }
  &[aria-current='page'] {
    background: ${({ theme }) => theme.colors.secondary};
    font-weight: 600;
  }
`;

// A typed router link rendered as our styled anchor.
const MenuLink = createLink(MenuAnchor);

const Soon = styled.span`
  ${itemStyle}
  color: #d5d9e4;
  cursor: default;
`;

const SoonBadge = styled.span`
  font-size: 0.75rem;
  border: 1px solid #d5d9e4;
  border-radius: ${({ theme }) => theme.radius.pill};
  padding: 0 ${({ theme }) => theme.space(2)};
`;

type SideMenuProps = { onNavigate?: () => void };

export function SideMenu({ onNavigate }: SideMenuProps) {
  const { i18n } = useLingui();
  const lang = useLang();
  return (
    <List>
      {navItems.map((item) => (
        <li key={item.label.id}>
          {item.to ? (
            <MenuLink to={item.to} params={{ lang }} onClick={onNavigate}>
              {i18n._(item.label)}
            </MenuLink>
          ) : (
            <Soon aria-disabled="true">
              {i18n._(item.label)}
              <SoonBadge>
                <Trans>coming soon</Trans>
              </SoonBadge>
            </Soon>
          )}
        </li>
      ))}
    </List>
  );
}
