// A template's status at Meta as the list and the editor show it: a badge, with Meta's reason under
// a rejection and the date a pause ends.
import { Trans, useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import type { Locale } from '@/domain/locales';
import type { TemplateStatus } from '@/domain/message-template';
import { formatDateTime } from '@/src/i18n/format';
import { Badge, type BadgeVariant } from '@/src/ui/badge';
import { rejectionReasonNames, templateStatusNames } from '../template-messages';

export const templateStatusBadges: Record<TemplateStatus, BadgeVariant> = {
  PENDING: 'info',
  APPROVED: 'positive',
  REJECTED: 'negative',
  PAUSED: 'warning',
  DISABLED: 'neutral',
  IN_APPEAL: 'info',
  PENDING_DELETION: 'neutral',
};

const Detail = styled.span`
  display: block;
  margin-top: ${({ theme }) => theme.space(1)};
  font-size: ${({ theme }) => theme.font.size.sm};
  color: ${({ theme }) => theme.colors.text};
`;

export function TemplateStatusBadge({ status }: { status: TemplateStatus }) {
  const { i18n } = useLingui();
  return <Badge variant={templateStatusBadges[status]}>{i18n._(templateStatusNames[status])}</Badge>;
}

/** Meta's reason for a rejection in words (one we do not know as Meta wrote it; none when Meta gave none). */
export function RejectionReason({ reason }: { reason: string | null }) {
  const { i18n } = useLingui();
  if (!reason) return null;
  const known = Object.hasOwn(rejectionReasonNames, reason) ? rejectionReasonNames[reason] : undefined;
  const words = known ? i18n._(known) : reason;
  return (
    <Detail>
      <Trans>Meta’s reason: {words}</Trans>
    </Detail>
  );
}

/** Until when a paused template cannot be sent (Meta may not say). */
export function PausedUntil({ until, lang }: { until: string | null; lang: Locale }) {
  const date = until === null ? null : new Date(until);
  if (!date || Number.isNaN(date.getTime()))
    return (
      <Detail>
        <Trans>Meta did not say until when.</Trans>
      </Detail>
    );
  const when = formatDateTime(lang, date);
  return (
    <Detail>
      <Trans>
        Paused until <time dateTime={until!}>{when}</time>
      </Trans>
    </Detail>
  );
}
