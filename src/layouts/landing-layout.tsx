import type { ReactNode } from 'react';
import { createLink, useParams } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import { LanguageSwitch } from '../i18n/language-switch';

const Top = styled.header`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(4)};
  padding: ${({ theme }) => theme.space(4)} ${({ theme }) => theme.space(6)};
  background: ${({ theme }) => theme.colors.darkPage};
  color: #fff;
  a { color: #fff; }
`;

const LogoAnchor = styled.a`
  font-weight: 800;
  letter-spacing: 0.08em;
  text-decoration: none;
  margin-right: auto;
`;

const Logo = createLink(LogoAnchor);

const SignInAnchor = styled.a`
  font-weight: 600;
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radius.pill};
  border: 1px solid #fff;
  text-decoration: none;
`;

const SignIn = createLink(SignInAnchor);

const Footer = styled.footer`
  padding: ${({ theme }) => theme.space(6)};
  text-align: center;
  color: ${({ theme }) => theme.colors.muted};
`;

/** The public landing-page layout: logo, language switch and "Sign in". */
export function LandingLayout({ children }: { children: ReactNode }) {
  const { t } = useLingui();
  const { lang } = useParams({ strict: false });
  return (
    <>
      <Top>
        <Logo to="/$lang" params={{ lang: lang ?? 'en' }} aria-label={t`Catalyst home`}>
          CATALYST
        </Logo>
        <LanguageSwitch />
        <SignIn to="/$lang/login" params={{ lang: lang ?? 'en' }}>
          <Trans>Sign in</Trans>
        </SignIn>
      </Top>
      {children}
      <Footer>
        <Trans>© Catalyst. Selling over WhatsApp with AI.</Trans>
      </Footer>
    </>
  );
}
