// The live preview: the widget as edited, before it is saved, on a mock page — its button in the
// chosen colour and corner, its panel open with the greeting in the language chosen here and, with
// opening hours, when someone answers. It is drawn from the settings on the screen, not by loading
// widget.js: the script reads the saved settings from the API, and the app's CSP forbids framing its
// own pages (frame-ancestors 'none') and inline scripts a srcdoc page would need, so a drawing is the
// one preview that follows every keystroke under that policy.
import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import { locales, localeNames, type Locale } from '@/domain/locales';
import { readyMadeGreetings, weekdays, type WidgetSettings } from '@/domain/widget';
import { Card } from '@/src/ui/card';
import { weekdayNames } from '../widget-messages';

const Page = styled.div`
  position: relative;
  height: 360px;
  overflow: hidden;
  background: #f6f7f9;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: 8px;
`;

const MockBar = styled.div`
  height: 28px;
  background: #e3e6eb;
`;

const MockLine = styled.div<{ $width: number }>`
  width: ${({ $width }) => $width}%;
  height: 10px;
  margin: 12px 16px;
  background: #dde1e7;
  border-radius: 4px;
`;

const Panel = styled.div<{ $side: 'left' | 'right' }>`
  position: absolute;
  bottom: 76px;
  ${({ $side }) => $side}: 12px;
  width: min(260px, calc(100% - 24px));
  overflow: hidden;
  background: #fff;
  border-radius: 10px;
  box-shadow: 0 6px 24px rgb(0 0 0 / 18%);
  font-size: 0.85rem;
`;

const PanelHeader = styled.div<{ $color: string }>`
  padding: 10px 12px;
  color: #fff;
  font-weight: 600;
  background: ${({ $color }) => $color};
`;

const Bubble = styled.p`
  margin: 10px 12px;
  padding: 8px 10px;
  background: #f0f2f5;
  border-radius: 8px;
`;

const Hours = styled.p`
  margin: 0 12px 10px;
  color: #555;
  font-size: 0.78rem;
`;

const Launcher = styled.div<{ $side: 'left' | 'right'; $color: string }>`
  position: absolute;
  bottom: 16px;
  ${({ $side }) => $side}: 16px;
  width: 48px;
  height: 48px;
  background: ${({ $color }) => $color};
  border-radius: 50%;
  box-shadow: 0 4px 12px rgb(0 0 0 / 25%);
`;

const Languages = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space(2)};
`;

const Option = styled.button<{ $on: boolean }>`
  padding: 2px 10px;
  font: inherit;
  background: ${({ $on, theme }) => ($on ? theme.colors.surface : 'transparent')};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: 999px;
  cursor: pointer;
  font-weight: ${({ $on }) => ($on ? 700 : 400)};
`;

const validColor = (color: string) => (/^#[0-9a-f]{6}$/i.test(color) ? color : '#1F6FEB');

export function WidgetPreview({ settings }: { settings: WidgetSettings }) {
  const { t, i18n } = useLingui();
  const [language, setLanguage] = useState<Locale>(i18n.locale === 'pt' || i18n.locale === 'es' ? i18n.locale : 'en');
  const color = validColor(settings.look.color);
  const side = settings.look.position;
  const greeting = settings.greetings[language].trim() || readyMadeGreetings[language];
  const hours = settings.openingHours;
  const days = hours ? weekdays.filter((day) => hours.days.includes(day)).map((day) => i18n._(weekdayNames[day])) : [];
  const dayList = days.join(', ');
  const start = hours?.start ?? '';
  const end = hours?.end ?? '';

  return (
    <Card title={t`Preview`} description={<Trans>The widget as you set it, on a sample page; saved, it looks so on your sites.</Trans>}>
      <Languages role="group" aria-label={t`Preview language`}>
        {locales.map((locale) => (
          <Option
            key={locale}
            type="button"
            $on={locale === language}
            aria-pressed={locale === language}
            onClick={() => setLanguage(locale)}
          >
            {localeNames[locale]}
          </Option>
        ))}
      </Languages>
      <Page role="img" aria-label={t`Preview of the widget on a sample page`} data-testid="widget-preview" data-side={side}>
        <MockBar />
        <MockLine $width={60} />
        <MockLine $width={85} />
        <MockLine $width={40} />
        <Panel $side={side}>
          <PanelHeader $color={color} data-testid="widget-preview-header">
            <Trans>Chat with us</Trans>
          </PanelHeader>
          <Bubble lang={language} data-testid="widget-preview-greeting">
            {greeting}
          </Bubble>
          {hours && days.length > 0 && (
            <Hours>
              <Trans>
                Someone answers {dayList}, {start}–{end}.
              </Trans>
            </Hours>
          )}
        </Panel>
        <Launcher $side={side} $color={color} data-testid="widget-preview-button" />
      </Page>
    </Card>
  );
}
