// The landing page's frame: header (logo, section links, language, sign-in), main and footer. No
// router here: the landing hydrates from an entry of its own (src/entry-landing.tsx), and its
// links are plain ones, which work in the server's HTML before any JavaScript runs.
import type { ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import { isLocale } from '@/domain/locales';
import { LandingIsland } from './landing-islands';

const Top = styled.header`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)};
  padding: ${({ theme }) => theme.space(4)} ${({ theme }) => theme.space(5)};
  background: ${({ theme }) => theme.colors.darkPage};
  color: #fff;
  a {
    color: #fff;
  }
`;

const Logo = styled.a`
  font-weight: 800;
  letter-spacing: 0.08em;
  text-decoration: none;
  margin-right: auto;
`;

// On phones the section links take a row of their own, after the logo, language and sign-in.
const Sections = styled.nav`
  order: 1;
  flex-basis: 100%;
  @media (min-width: ${({ theme }) => theme.breakpoints.tablet}) {
    order: 0;
    flex-basis: auto;
  }
  ul {
    display: flex;
    flex-wrap: wrap;
    gap: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(4)};
    margin: 0;
    padding: 0;
    list-style: none;
  }
  a {
    display: inline-block;
    padding: ${({ theme }) => theme.space(2)} 0;
    text-decoration: none;
    &:hover {
      text-decoration: underline;
    }
  }
`;

const SignIn = styled.a`
  font-weight: 600;
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radius.pill};
  border: 1px solid #fff;
  text-decoration: none;
`;

const SkipLink = styled.a`
  position: absolute;
  left: ${({ theme }) => theme.space(2)};
  top: -100px;
  z-index: 10;
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(4)};
  color: ${({ theme }) => theme.colors.primary};
  background: ${({ theme }) => theme.colors.surface};
  border-radius: ${({ theme }) => theme.radius.md};
  &:focus {
    top: ${({ theme }) => theme.space(2)};
  }
`;

const Footer = styled.footer`
  padding: ${({ theme }) => theme.space(6)};
  text-align: center;
  color: ${({ theme }) => theme.colors.muted};
`;

/** The public landing-page layout: logo, section links, language switch and "Sign in". */
export function LandingLayout({ children }: { children: ReactNode }) {
  const { t, i18n } = useLingui();
  const lang = isLocale(i18n.locale) ? i18n.locale : 'en';
  return (
    <>
      <SkipLink href="#main">
        <Trans>Skip to content</Trans>
      </SkipLink>
      <Top>
        <Logo href={`/${lang}/`} aria-label={t`Catalyst home`}>
          CATALYST
        </Logo>
        <Sections aria-label={t`Page sections`}>
          <ul>
            <li>
              <a href="#benefits">
                <Trans>Benefits</Trans>
              </a>
            </li>
            <li>
              <a href="#solutions">
                <Trans>Solutions</Trans>
              </a>
            </li>
            <li>
              <a href="#integrations">
                <Trans>Integrations</Trans>
              </a>
            </li>
            <li>
              <a href="#plans">
                <Trans>Plans</Trans>
              </a>
            </li>
            <li>
              <a href="#faq">
                <Trans>FAQ</Trans>
              </a>
            </li>
            <li>
              <a href="#contact">
                <Trans>Contact</Trans>
              </a>
            </li>
          </ul>
        </Sections>
        <LandingIsland name="language" />
        <SignIn href={`/${lang}/login`}>
          <Trans>Sign in</Trans>
        </SignIn>
      </Top>
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <Footer>
        <Trans>© Catalyst. Selling over WhatsApp with AI.</Trans>
      </Footer>
    </>
  );
}
