// One language of a template as a shopper would see it in WhatsApp: a chat bubble on the chat's
// background — the header in bold (or the image), the body with each variable filled by its example
// (a variable without one stays `{{name}}`), the footer in grey — and the buttons under the bubble.
// A figure, captioned with the language it shows.
import { useId, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import { fillTemplate, templateVariables, type FilledButton, type TemplateContent } from '@/domain/message-template';

const Figure = styled.figure`
  margin: 0;
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
`;

const Caption = styled.figcaption`
  font-weight: 600;
  color: ${({ theme }) => theme.colors.text};
`;

// WhatsApp's chat wallpaper and bubble colours (light theme); the text keeps the page's contrast.
const Chat = styled.div`
  padding: ${({ theme }) => theme.space(4)};
  background: #efeae2;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.lg};
`;

const Message = styled.div`
  max-width: 340px;
  display: grid;
  gap: 2px;
`;

const Bubble = styled.div`
  position: relative;
  display: grid;
  gap: ${({ theme }) => theme.space(1)};
  padding: ${({ theme }) => `${theme.space(2)} ${theme.space(3)}`};
  color: #111b21;
  background: #ffffff;
  border-radius: 0 ${({ theme }) => `${theme.radius.md} ${theme.radius.md} ${theme.radius.md}`};
  box-shadow: 0 1px 0.5px rgba(11, 20, 26, 0.13);
  overflow-wrap: anywhere;

  /* The bubble's tail, top left, as WhatsApp draws a received message. */
  &::before {
    content: '';
    position: absolute;
    top: 0;
    inset-inline-start: -8px;
    border-style: solid;
    border-width: 0 8px 8px 0;
    border-color: transparent #ffffff transparent transparent;
  }
`;

const Header = styled.p`
  margin: 0;
  font-weight: 700;
`;

const HeaderImage = styled.img`
  display: block;
  width: 100%;
  max-height: 180px;
  object-fit: cover;
  border-radius: ${({ theme }) => theme.radius.sm};
`;

const ImagePlaceholder = styled.div`
  display: grid;
  place-items: center;
  min-height: 120px;
  color: #54656f;
  background: #e9edef;
  border-radius: ${({ theme }) => theme.radius.sm};
`;

const Body = styled.p`
  margin: 0;
  white-space: pre-wrap;
`;

const Footer = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.font.size.sm};
  color: #54656f;
`;

const Buttons = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 2px;
`;

const ButtonFace = styled.li`
  display: flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space(2)};
  min-height: 40px;
  padding: 0 ${({ theme }) => theme.space(3)};
  font-weight: 600;
  color: #0a6a94;
  background: #ffffff;
  border-radius: ${({ theme }) => theme.radius.md};
  box-shadow: 0 1px 0.5px rgba(11, 20, 26, 0.13);
`;

const Empty = styled.span`
  color: #54656f;
  font-style: italic;
`;

/** The variables without an example stay as written, so the preview shows where each one goes. */
function previewValues(content: TemplateContent): Record<string, string> {
  return Object.fromEntries(templateVariables(content).map((name) => [name, content.examples[name]?.trim() || `{{${name}}}`]));
}

function ButtonIcon({ type }: { type: FilledButton['type'] }) {
  const paths: Record<FilledButton['type'], string> = {
    quick_reply: 'M10 9V5l-7 7 7 7v-4.1c5 0 8.5 1.6 11 5.1-1-5-4-10-11-11z',
    url: 'M14 3h7v7M10 14 21 3M21 14v7H3V3h7',
    phone_number:
      'M22 16.9v3a2 2 0 0 1-2.2 2 19.8 19.8 0 0 1-8.6-3.1 19.5 19.5 0 0 1-6-6A19.8 19.8 0 0 1 2.1 4.2 2 2 0 0 1 4.1 2h3a2 2 0 0 1 2 1.7l.5 3a2 2 0 0 1-.6 1.8L7.6 9.9a16 16 0 0 0 6 6l1.4-1.4a2 2 0 0 1 1.8-.6l3 .5a2 2 0 0 1 1.7 2z',
    copy_code: 'M9 9h11v11H9zM5 15H4V4h11v1',
  };
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path d={paths[type]} />
    </svg>
  );
}

function buttonText(button: FilledButton): ReactNode {
  if (button.type === 'copy_code') return <Trans>Copy offer code</Trans>;
  return button.text.trim() || <Empty>…</Empty>;
}

type Props = {
  content: TemplateContent;
  /** The figure's caption: which language this is. */
  caption: ReactNode;
  /** The header image's address is complete (no issue at its field): only then is it loaded. */
  imageUsable: boolean;
};

export function TemplatePreview({ content, caption, imageUsable }: Props) {
  const { t } = useLingui();
  const captionId = useId();
  const fill = fillTemplate(content, previewValues(content));
  // Every variable has a value above, so the fill cannot be refused.
  if (!fill.ok) return null;
  const { header, imageUrl, body, footer, buttons } = fill.message;
  return (
    <Figure aria-labelledby={captionId}>
      <Caption id={captionId}>{caption}</Caption>
      <Chat>
        <Message>
          <Bubble>
            {imageUrl !== null &&
              (imageUsable ? (
                <HeaderImage src={imageUrl} alt={t`The header's image`} />
              ) : (
                <ImagePlaceholder>
                  <Trans>Header image</Trans>
                </ImagePlaceholder>
              ))}
            {header !== null && header.trim() !== '' && <Header>{header}</Header>}
            <Body>{body.trim() === '' ? <Empty>{t`The message appears here.`}</Empty> : body}</Body>
            {footer !== null && <Footer>{footer}</Footer>}
          </Bubble>
          {buttons.length > 0 && (
            <Buttons>
              {buttons.map((button, index) => (
                <ButtonFace key={index}>
                  <ButtonIcon type={button.type} />
                  {buttonText(button)}
                </ButtonFace>
              ))}
            </Buttons>
          )}
        </Message>
      </Chat>
    </Figure>
  );
}
