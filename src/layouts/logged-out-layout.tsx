import { Link, Outlet } from '@tanstack/react-router';
import styled from 'styled-components';
import { useLang } from '../i18n/use-lang';
import { LanguageSwitch } from '../i18n/language-switch';
import { AppVersion } from './app-version';

const Page = styled.div`
  min-height: 100vh;
  display: grid;
  grid-template-rows: auto 1fr auto;
  background: ${({ theme }) => theme.colors.darkPage};
`;

const Top = styled.header`
  display: flex;
  justify-content: space-between;
  align-items: center;
  padding: ${({ theme }) => theme.space(4)} ${({ theme }) => theme.space(6)};
  a {
    color: #fff;
    font-weight: 800;
    letter-spacing: 0.08em;
    text-decoration: none;
  }
`;

const Panel = styled.main`
  align-self: center;
  justify-self: center;
  width: min(440px, calc(100vw - 32px));
  margin-bottom: ${({ theme }) => theme.space(10)};
  padding: ${({ theme }) => theme.space(8)};
  background: ${({ theme }) => theme.colors.surface};
  border-radius: ${({ theme }) => theme.radius.lg};
  box-shadow: ${({ theme }) => theme.shadow};
`;

/** Login and password reset: a centred panel on the dark page. */
export function LoggedOutLayout() {
  const lang = useLang();
  return (
    <Page>
      <Top>
        <Link to="/$lang" params={{ lang }}>
          CATALYST
        </Link>
        <LanguageSwitch />
      </Top>
      <Panel>
        <Outlet />
      </Panel>
      <footer>
        <AppVersion />
      </footer>
    </Page>
  );
}
