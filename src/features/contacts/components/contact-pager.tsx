// The contacts list's pages (src/ui/list-pager.tsx): how many contacts match, and links to the page
// before and after with the list's search and filters.
import { Link } from '@tanstack/react-router';
import { Plural, useLingui } from '@lingui/react/macro';
import { useLang } from '@/src/i18n/use-lang';
import { ListPager } from '@/src/ui/list-pager';
import { listSearch, type ContactsFilter } from '../contact-search';

type Props = { filter: ContactsFilter; total: number; pageSize: number };

export function ContactPager({ filter, total, pageSize }: Props) {
  const { t } = useLingui();
  const lang = useLang();
  return (
    <ListPager
      label={t`Pages of contacts`}
      count={<Plural value={total} one="# contact" other="# contacts" />}
      total={total}
      pageSize={pageSize}
      page={filter.page}
      linkTo={(page, children) => (
        <Link to="/$lang/contacts" params={{ lang }} search={listSearch({ ...filter, page })}>
          {children}
        </Link>
      )}
    />
  );
}
