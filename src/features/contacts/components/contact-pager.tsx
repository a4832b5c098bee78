// The list's pages as the API pages it: how many contacts match, which page this is, and links to the
// page before and after (absent at either end).
import { Link } from '@tanstack/react-router';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import { formatNumber } from '@/src/i18n/format';
import { useLang } from '@/src/i18n/use-lang';
import { listSearch, type ContactsFilter } from '../contact-search';

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

type Props = { filter: ContactsFilter; total: number; pageSize: number };

export function ContactPager({ filter, total, pageSize }: Props) {
  const { t } = useLingui();
  const lang = useLang();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const page = formatNumber(lang, filter.page);
  const of = formatNumber(lang, pages);
  return (
    <Nav aria-label={t`Pages of contacts`}>
      <p role="status">
        <Plural value={total} one="# contact" other="# contacts" />
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
        {filter.page > 1 && (
          <Link to="/$lang/contacts" params={{ lang }} search={listSearch({ ...filter, page: Math.min(filter.page, pages + 1) - 1 })}>
            <Trans>Previous page</Trans>
          </Link>
        )}
        {filter.page < pages && (
          <Link to="/$lang/contacts" params={{ lang }} search={listSearch({ ...filter, page: filter.page + 1 })}>
            <Trans>Next page</Trans>
          </Link>
        )}
      </Links>
    </Nav>
  );
}
