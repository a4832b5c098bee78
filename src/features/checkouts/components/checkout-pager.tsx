// The Checkouts list's pages (src/ui/list-pager.tsx): how many checkouts match, and links to the page
// before and after with the list's inventory, period, filter and search.
import { Link } from '@tanstack/react-router';
import { Plural, useLingui } from '@lingui/react/macro';
import { useLang } from '@/src/i18n/use-lang';
import { ListPager } from '@/src/ui/list-pager';
import { checkoutsSearch, type CheckoutsView } from '../checkout-search';

export function CheckoutPager({ view, total, pageSize }: { view: CheckoutsView; total: number; pageSize: number }) {
  const { t } = useLingui();
  const lang = useLang();
  return (
    <ListPager
      label={t`Pages of checkouts`}
      count={<Plural value={total} one="# checkout" other="# checkouts" />}
      total={total}
      pageSize={pageSize}
      page={view.page}
      linkTo={(page, children) => (
        <Link to="/$lang/checkouts" params={{ lang }} search={checkoutsSearch({ ...view, page })}>
          {children}
        </Link>
      )}
    />
  );
}
