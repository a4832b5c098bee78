import { useContext } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import { isLocale } from '@/domain/locales';
import { BlockDescription, BlockTitle } from '@/src/ui/block-title';
import { LeadFormFields } from './lead-form-fields';
import { PostedFormNotice, staticBinding, usePostedForm } from './posted-form';
import { LandingHtmlContext } from './landing-html';

/** The panel's id: the "Request material" link's fragment, and where a plain post of its form comes back to. */
export const MATERIAL_PANEL_ID = 'material';

// Shown while its id is the URL's fragment (:target): no JavaScript needed. Looks like the dialog
// that takes its place once the page is live.
const Overlay = styled.section`
  display: none;
  &:target {
    position: fixed;
    inset: 0;
    z-index: 30;
    display: grid;
    place-items: center;
    padding: ${({ theme }) => theme.space(4)};
    overflow: auto;
    background: rgba(11, 20, 38, 0.6);
  }
`;

const Box = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(4)};
  width: min(560px, 100%);
  padding: ${({ theme }) => theme.space(6)};
  color: ${({ theme }) => theme.colors.text};
  background: ${({ theme }) => theme.colors.surface};
  border-radius: ${({ theme }) => theme.radius.lg};
  box-shadow: ${({ theme }) => theme.shadow};
`;

const Header = styled.div`
  display: flex;
  align-items: flex-start;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(4)};
`;

/**
 * The material request as the page's HTML has it, before its JavaScript runs (or without it): a
 * panel the "Request material" link opens, with the static form, which posts to the landing. At
 * the end of the page, so the hero's markup comes whole before it. Once the page is live the popup
 * is used instead (material-request-button.tsx), and the panel is removed.
 */
export function MaterialRequestPanel() {
  const { i18n } = useLingui();
  const locale = isLocale(i18n.locale) ? i18n.locale : 'en';
  const post = usePostedForm('material');
  const inTheHtml = useContext(LandingHtmlContext);
  if (!inTheHtml) return null;
  return (
    <Overlay id={MATERIAL_PANEL_ID} aria-labelledby={`${MATERIAL_PANEL_ID}-title`}>
      <Box>
        <Header>
          <BlockTitle id={`${MATERIAL_PANEL_ID}-title`}>
            <Trans>Request material</Trans>
          </BlockTitle>
          <a href="#">
            <Trans>Close</Trans>
          </a>
        </Header>
        <BlockDescription>
          <Trans>Get our presentation with plans, success cases and integrations by email.</Trans>
        </BlockDescription>
        <PostedFormNotice post={post} />
        <LeadFormFields kind="material" locale={locale} bind={staticBinding(post, i18n)} onSubmit={() => undefined} />
      </Box>
    </Overlay>
  );
}
