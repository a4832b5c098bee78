// The list's pages as the API pages it: how many checkouts match, which page this is, and links to
// the page before and after (absent at either end).
import { Link } from '@tanstack/react-router';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import { formatNumber } from '@/src/i18n/format';
import { useLang } from '@/src/i18n/use-lang';
import { checkoutsSearch, type CheckoutsView } from '../checkout-search';

const Nav = styled.nav`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(3)};
  margin-top: ${({ theme }) => theme.space(4)};
`;

const Links = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space(4)};
`;

export function CheckoutPager({ view, total, pageSize }: { view: CheckoutsView; total: number; pageSize: number }) {
  const { t } = useLingui();
  const lang = useLang();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const page = formatNumber(lang, view.page);
  const of = formatNumber(lang, pages);
  return (
    <Nav aria-label={t`Pages of checkouts`}>
      <p role="status">
        <Plural value={total} one="# checkout" other="# checkouts" />
        {pages > 1 && (
          <>
            {' · '}
            <Trans>
              Page {page} of {of}
            </Trans>
          </>
        )}
      </p>
      <Links>
        {view.page > 1 && (
          <Link to="/$lang/checkouts" params={{ lang }} search={checkoutsSearch({ ...view, page: Math.min(view.page, pages + 1) - 1 })}>
            <Trans>Previous page</Trans>
          </Link>
        )}
        {view.page < pages && (
          <Link to="/$lang/checkouts" params={{ lang }} search={checkoutsSearch({ ...view, page: view.page + 1 })}>
            <Trans>Next page</Trans>
          </Link>
        )}
      </Links>
    </Nav>
  );
}
