// The dashboard's website widget figures: pages it was shown on, panels opened, chats begun, product
// finder searches, clicks to WhatsApp, the WhatsApp conversations its codes began and the orders it
// brought with their value, each with its
// change and definition. Shown once the widget has counted anything in either period: an account
// without a widget is not shown six zeros.
import { Trans, useLingui } from '@lingui/react/macro';
import { dashboardDefinitions, type Dashboard } from '@/domain/dashboard';
import { Figure } from './dashboard-figure';
import { FigureGrid, SectionTitle } from './dashboard-results';

/** The widget counted something in the period or the one before (its orders come only with its events). */
export const hasWidgetFigures = ({ widget }: Dashboard) =>
  [widget.views, widget.opens, widget.chats, widget.searches, widget.whatsappClicks, widget.handoffs].some(
    (figure) => (figure.current ?? 0) > 0 || (figure.previous ?? 0) > 0,
  );

export function DashboardWidget({ dashboard }: { dashboard: Dashboard }) {
  const { t } = useLingui();
  if (!hasWidgetFigures(dashboard)) return null;
  const { widget } = dashboard;
  const definitions = dashboardDefinitions;
  return (
    <section aria-labelledby="dashboard-widget">
      <SectionTitle id="dashboard-widget">
        <Trans>Website widget</Trans>
      </SectionTitle>
      <FigureGrid>
        <Figure name={t`Widget views`} definition={definitions.widgetViews} figure={widget.views} kind="count" />
        <Figure name={t`Widget opens`} definition={definitions.widgetOpens} figure={widget.opens} kind="count" />
        <Figure name={t`Widget chats`} definition={definitions.widgetChats} figure={widget.chats} kind="count" />
        <Figure name={t`Product finder searches`} definition={definitions.widgetSearches} figure={widget.searches} kind="count" />
        <Figure name={t`Clicks to WhatsApp`} definition={definitions.widgetWhatsappClicks} figure={widget.whatsappClicks} kind="count" />
        <Figure
          name={t`WhatsApp conversations from the widget`}
          definition={definitions.widgetHandoffs}
          figure={widget.handoffs}
          kind="count"
        />
        <Figure name={t`Orders from the widget`} definition={definitions.widgetOrders} figure={widget.orders} kind="count" />
        <Figure
          name={t`Value from the widget`}
          definition={definitions.widgetValue}
          figure={widget.valueMinor}
          kind="money"
          currency={widget.currency ?? dashboard.convertedCurrency ?? dashboard.currency}
        />
      </FigureGrid>
    </section>
  );
}
