// The ready-made templates offered on a number, each opened with one click in the editor prefilled,
// where the merchant reads it, changes what they like and submits it. One whose name the number
// already has is said to be there instead (Meta would refuse the name).
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import type { TemplateAccount } from '@/domain/message-template';
import { readyMadeTemplates } from '@/domain/ready-made-templates';
import { useLang } from '@/src/i18n/use-lang';
import { Badge } from '@/src/ui/badge';
import { newTemplateSearch } from '../template-search';
import { OpenLink } from '@/src/ui/open-link';

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(min(260px, 100%), 1fr));
  gap: ${({ theme }) => theme.space(3)};
`;

const Offer = styled.li`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  align-content: start;
  padding: ${({ theme }) => theme.space(4)};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
`;

const Title = styled.h4`
  margin: 0;
  font-size: ${({ theme }) => theme.font.size.md};
  color: ${({ theme }) => theme.colors.primary};
`;

const Description = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.muted};
`;

export function ReadyMadeOffers({ account, headingId }: { account: TemplateAccount; headingId: string }) {
  const { t, i18n } = useLingui();
  const lang = useLang();
  const names = new Set(account.templates.map((record) => record.name));
  return (
    <List aria-labelledby={headingId}>
      {readyMadeTemplates.map((template) => {
        const title = i18n._(template.title);
        return (
          <Offer key={template.key}>
            <Title>{title}</Title>
            <Description>{i18n._(template.description)}</Description>
            {names.has(template.draft.name) ? (
              <div>
                <Badge variant="neutral">
                  <Trans>Already on this number</Trans>
                </Badge>
              </div>
            ) : (
              <OpenLink>
                <Link
                  to="/$lang/templates"
                  params={{ lang }}
                  search={newTemplateSearch(account.channelId, template.key)}
                  aria-label={t`Review and submit: ${title}`}
                >
                  <Trans>Review and submit</Trans>
                </Link>
              </OpenLink>
            )}
          </Offer>
        );
      })}
    </List>
  );
}
