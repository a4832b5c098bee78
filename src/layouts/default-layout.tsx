import { useEffect, useId, useState } from 'react';
import { createLink, Link, Outlet, useLocation } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import styled, { css } from 'styled-components';
import { useLang } from '../i18n/use-lang';
import { LanguageSwitch } from '../i18n/language-switch';
import { Breadcrumbs } from './breadcrumbs';
import { SideMenu } from './side-menu';
import { productLinks } from './nav-items';
import { SessionUserMenu } from './session-user-menu';

const Shell = styled.div`
  min-height: 100vh;
  display: grid;
  grid-template-columns: 248px 1fr;
  grid-template-rows: auto 1fr;
  grid-template-areas: 'menu header' 'menu main';
  @media (max-width: ${({ theme }) => theme.breakpoints.phone}) {
    grid-template-columns: 1fr;
    grid-template-areas: 'header' 'main';
  }
`;

// One line at desktop and phone widths (on a phone the products and the language move into the
// drawer; the email gives way: session-user-menu.tsx); a width in between may wrap rather than overflow.
const Header = styled.header`
  grid-area: header;
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  min-width: 0;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(6)};
  background: ${({ theme }) => theme.colors.surface};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  @media (max-width: ${({ theme }) => theme.breakpoints.phone}) {
    padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
  }
`;

const productPill = css`
  font-size: ${({ theme }) => theme.font.size.sm};
  font-weight: 700;
  letter-spacing: 0.04em;
  white-space: nowrap;
  padding: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radius.pill};
  border: 1px solid;
  text-decoration: none;
`;

const Products = styled.nav`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  margin-right: auto;
  a,
  span {
    ${productPill}
    border-color: ${({ theme }) => theme.colors.primary};
    color: ${({ theme }) => theme.colors.primary};
  }
  a[aria-current='page'] {
    background: ${({ theme }) => theme.colors.primary};
    color: ${({ theme }) => theme.colors.onPrimary};
  }
  span {
    border-style: dashed;
    color: ${({ theme }) => theme.colors.muted};
    border-color: ${({ theme }) => theme.colors.muted};
  }
  @media (max-width: ${({ theme }) => theme.breakpoints.phone}) {
    display: none;
  }
`;

// Beside the account in the header on a wider screen; in the drawer on a phone.
const HeaderLanguage = styled.div`
  flex: none;
  @media (max-width: ${({ theme }) => theme.breakpoints.phone}) {
    display: none;
  }
`;

// On a phone the product buttons and the language live in the drawer, leaving the header one line.
const DrawerExtras = styled.div`
  display: none;
  @media (max-width: ${({ theme }) => theme.breakpoints.phone}) {
    display: grid;
    justify-items: start;
    gap: ${({ theme }) => theme.space(3)};
    padding: 0 ${({ theme }) => theme.space(4)} ${({ theme }) => theme.space(4)};
  }
`;

const DrawerProducts = styled.nav`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  a,
  span {
    ${productPill}
    border-color: #ffffff;
    color: #ffffff;
  }
  a[aria-current='page'] {
    background: #ffffff;
    color: ${({ theme }) => theme.colors.darkPage};
  }
  span {
    border-style: dashed;
    color: #d5d9e4;
    border-color: #d5d9e4;
  }
`;

const Aside = styled.aside<{ $open: boolean }>`
  grid-area: menu;
  background: ${({ theme }) => theme.colors.darkPage};
  color: #fff;
  @media (max-width: ${({ theme }) => theme.breakpoints.phone}) {
    position: fixed;
    inset: 0 auto 0 0;
    width: min(300px, 85vw);
    z-index: 20;
    transform: translateX(${({ $open }) => ($open ? '0' : '-100%')});
    visibility: ${({ $open }) => ($open ? 'visible' : 'hidden')};
    transition: transform 0.2s ease;
  }
`;

const BrandAnchor = styled.a`
  display: block;
  padding: ${({ theme }) => theme.space(5)} ${({ theme }) => theme.space(4)};
  color: #fff;
  font-weight: 800;
  font-size: ${({ theme }) => theme.font.size.lg};
  text-decoration: none;
  letter-spacing: 0.08em;
`;

const Brand = createLink(BrandAnchor);

const MenuButton = styled.button`
  display: none;
  flex: none;
  margin-right: auto;
  font: inherit;
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radius.sm};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  @media (max-width: ${({ theme }) => theme.breakpoints.phone}) {
    display: inline-block;
  }
`;

const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  background: rgba(11, 20, 38, 0.5);
  z-index: 10;
`;

const Main = styled.main`
  grid-area: main;
  padding: ${({ theme }) => theme.space(6)};
  min-width: 0;
  @media (max-width: ${({ theme }) => theme.breakpoints.phone}) {
    padding: ${({ theme }) => theme.space(4)} ${({ theme }) => theme.space(3)};
  }
`;

/** The signed-in layout: product buttons, the user and sign-out, side menu (a drawer on phones) and breadcrumbs. */
export function DefaultLayout() {
  const { t, i18n } = useLingui();
  const lang = useLang();
  const location = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const menuId = useId();

  useEffect(() => setDrawerOpen(false), [location.pathname]);
  useEffect(() => {
    if (!drawerOpen) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setDrawerOpen(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [drawerOpen]);

  const products = productLinks.map((item) =>
    item.to ? (
      <Link key={item.label.id} to={item.to} params={{ lang }}>
        {i18n._(item.label)}
      </Link>
    ) : (
      <span key={item.label.id} title={t`coming soon`}>
        {i18n._(item.label)}
      </span>
    ),
  );

  return (
    <Shell>
      <Header>
        <MenuButton type="button" aria-expanded={drawerOpen} aria-controls={menuId} onClick={() => setDrawerOpen((open) => !open)}>
          <Trans>Menu</Trans>
        </MenuButton>
        <Products aria-label={t`Catalyst products`}>{products}</Products>
        <HeaderLanguage>
          <LanguageSwitch />
        </HeaderLanguage>
        <SessionUserMenu />
      </Header>
      {drawerOpen && <Backdrop onClick={() => setDrawerOpen(false)} aria-hidden="true" />}
      <Aside id={menuId} $open={drawerOpen} aria-label={t`Main menu`}>
        <Brand to="/$lang/dashboard" params={{ lang }}>
          CATALYST
        </Brand>
        <DrawerExtras>
          <DrawerProducts aria-label={t`Catalyst products`}>{products}</DrawerProducts>
          <LanguageSwitch />
        </DrawerExtras>
        <nav aria-label={t`Side menu`}>
          <SideMenu onNavigate={() => setDrawerOpen(false)} />
        </nav>
      </Aside>
      <Main id="main">
        <Breadcrumbs />
        <Outlet />
      </Main>
    </Shell>
  );
}
