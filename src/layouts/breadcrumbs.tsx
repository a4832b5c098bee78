import { Link, useMatches } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import { useLang } from '../i18n/use-lang';

const Nav = styled.nav`
  font-size: ${({ theme }) => theme.font.size.sm};
  ol {
    list-style: none;
    display: flex;
    flex-wrap: wrap;
    gap: ${({ theme }) => theme.space(2)};
    margin: 0;
    padding: 0;
  }
  li + li::before {
    content: '/';
    margin-right: ${({ theme }) => theme.space(2)};
    color: ${({ theme }) => theme.colors.muted};
  }
  [aria-current='page'] {
    color: ${({ theme }) => theme.colors.text};
    font-weight: 600;
  }
`;

/** Breadcrumbs from the deepest matched route's `staticData.crumbs`. */
export function Breadcrumbs() {
  const { t, i18n } = useLingui();
  const lang = useLang();
  const matches = useMatches();
  const trail = [...matches].reverse().find((m) => m.staticData.crumbs)?.staticData.crumbs ?? [];
  if (trail.length === 0) return null;
  return (
    <Nav aria-label={t`Breadcrumb`}>
      <ol>
        {trail.map((crumb, index) => {
          const last = index === trail.length - 1;
          const label = i18n._(crumb.label);
          return (
            <li key={crumb.label.id}>
              {last || !crumb.to ? (
                <span aria-current={last ? 'page' : undefined}>{label}</span>
              ) : (
                <Link to={crumb.to} params={{ lang }} activeOptions={{ exact: true }}>
                  {label}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </Nav>
  );
}
