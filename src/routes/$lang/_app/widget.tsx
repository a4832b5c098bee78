// `/{lang}/widget`: the website widget — its settings beside a live preview, its snippet to copy, and
// 'check my site'. The header's CATALYST WIDGET and the Solutions screen's widget card lead here.
import { createFileRoute } from '@tanstack/react-router';
import { crumbs } from '@/src/layouts/crumbs';
import { WidgetPage } from '@/src/features/widget/components/widget-page';

export const Route = createFileRoute('/$lang/_app/widget')({
  staticData: { crumbs: [crumbs.widget] },
  component: WidgetPage,
});
