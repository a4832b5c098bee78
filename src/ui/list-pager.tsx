// A paged list's pager, as the API pages it: how many rows match (`count`, worded by the list), which
// page this is, and links to the page before and after (absent at either end). The links are the
// list's own (`linkTo`): each screen keeps its search and filters in its URL.
import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import styled from 'styled-components';
import { formatNumber } from '@/src/i18n/format';
import { useLang } from '@/src/i18n/use-lang';

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

type Props = {
  /** The navigation's accessible name ('Pages of contacts'). */
  label: string;
  /** How many match, in words ('12 contacts'). */
  count: ReactNode;
  total: number;
  pageSize: number;
  page: number;
  /** A link to page `page` of the list, around `children`. */
  linkTo: (page: number, children: ReactNode) => ReactNode;
};

export function ListPager({ label, count, total, pageSize, page: current, linkTo }: Props) {
  const lang = useLang();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const page = formatNumber(lang, current);
  const of = formatNumber(lang, pages);
  return (
    <Nav aria-label={label}>
      <p role="status">
        {count}
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
        {/* Past the last page (rows removed meanwhile), the page before is the last one. */}
        {current > 1 && linkTo(Math.min(current, pages + 1) - 1, <Trans>Previous page</Trans>)}
        {current < pages && linkTo(current + 1, <Trans>Next page</Trans>)}
      </Links>
    </Nav>
  );
}
