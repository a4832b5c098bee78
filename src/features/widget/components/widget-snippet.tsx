// The widget's one line, to paste into a site before `</body>`, with a Copy button whose copy a toast
// confirms. Without a clipboard (or refused), the line is selected for the keyboard's copy.
import { useId } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import toast from 'react-hot-toast';
import styled from 'styled-components';
import { Button } from '@/src/ui/button';
import { Card } from '@/src/ui/card';
import { widgetSnippet } from '../widget-snippet-text';

const Code = styled.textarea`
  width: 100%;
  min-height: 5.5em;
  padding: ${({ theme }) => theme.space(2)};
  font-family: ui-monospace, SFMono-Regular, Menlo, monospace;
  font-size: 0.85rem;
  resize: none;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: 6px;
`;

export function WidgetSnippet({ publicId }: { publicId: string }) {
  const { t } = useLingui();
  const id = useId();
  const snippet = widgetSnippet(window.location.origin, publicId);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(snippet);
      toast.success(t`Snippet copied: paste it into your site before </body>.`, { id: 'widget-snippet-copied' });
    } catch {
      const area = document.getElementById(id) as HTMLTextAreaElement | null;
      area?.focus();
      area?.select();
    }
  };
  return (
    <Card
      title={t`Your site’s snippet`}
      headingLevel={2}
      description={<Trans>Paste this line into every page that shows the widget, just before the closing body tag.</Trans>}
    >
      <Code id={id} readOnly value={snippet} aria-label={t`The widget’s snippet`} onFocus={(event) => event.target.select()} />
      <div>
        <Button variant="secondary" onClick={() => void copy()}>
          <Trans>Copy snippet</Trans>
        </Button>
      </div>
    </Card>
  );
}
