// One number's templates as a table: a row per name and language, with its category, its status at
// Meta (with Meta's reason under a rejection, the date a pause ends) and its quality rating; a
// rejected or paused one can be opened to edit and submit again.
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { isTemplateLanguage, type TemplateAccount, type TemplateRecord } from '@/domain/message-template';
import { useLang } from '@/src/i18n/use-lang';
import { Table, type TableColumn } from '@/src/ui/table';
import { templateSearch } from '../template-search';
import { templateCategoryNames, templateLanguageNames, templateQualityNames } from '../template-messages';
import { PausedUntil, RejectionReason, TemplateStatusBadge } from './template-status';

/** The statuses a merchant edits a template out of. */
const editable = (record: TemplateRecord) => record.status === 'REJECTED' || record.status === 'PAUSED';

export function TemplateTable({ account }: { account: TemplateAccount }) {
  const { t, i18n } = useLingui();
  const lang = useLang();
  const number = account.displayPhoneNumber;
  const rows = [...account.templates].sort((a, b) => a.name.localeCompare(b.name) || a.language.localeCompare(b.language));
  const columns: TableColumn<TemplateRecord>[] = [
    { key: 'name', header: <Trans>Name</Trans>, isRowHeader: true, render: (record) => record.name },
    {
      key: 'language',
      header: <Trans>Language</Trans>,
      render: (record) => (isTemplateLanguage(record.language) ? i18n._(templateLanguageNames[record.language]) : record.language),
    },
    { key: 'category', header: <Trans>Category</Trans>, render: (record) => i18n._(templateCategoryNames[record.category]) },
    {
      key: 'status',
      header: <Trans>Status</Trans>,
      render: (record) => (
        <>
          <TemplateStatusBadge status={record.status} />
          {record.status === 'REJECTED' && <RejectionReason reason={record.rejectedReason} />}
          {record.status === 'PAUSED' && <PausedUntil until={record.pausedUntil} lang={lang} />}
        </>
      ),
    },
    { key: 'quality', header: <Trans>Quality</Trans>, render: (record) => i18n._(templateQualityNames[record.quality]) },
    {
      key: 'actions',
      header: <Trans>Actions</Trans>,
      render: (record) => {
        if (!editable(record)) return null;
        const name = record.name;
        return (
          <Link
            to="/$lang/templates"
            params={{ lang }}
            search={templateSearch(account.channelId, name)}
            aria-label={t`Edit ${name} and submit it again`}
          >
            <Trans>Edit and submit again</Trans>
          </Link>
        );
      },
    },
  ];
  return (
    <Table
      caption={<Trans>Templates of {number}</Trans>}
      hideCaption
      columns={columns}
      rows={rows}
      rowKey={(record) => `${record.name}:${record.language}`}
      emptyMessage={<Trans>No templates on this number yet.</Trans>}
    />
  );
}
