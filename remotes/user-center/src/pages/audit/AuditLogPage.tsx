import { Badge, Stack, Text } from '@portal/shared/chakra';
import { useRef, useState } from 'react';
import { FormattedDate, FormattedMessage, type IntlShape, useIntl } from 'react-intl';
import { AUDIT_ACTIONS, AUDIT_OBJECT_TYPES, type AuditEvent, AUDIT_RETENTION_DAYS } from '@portal/shared';
import { ApiError, downloadBlob, fetchFile } from '@portal/shared/browser';
import { exportFileName, type ListColumn, ListPageFrame, message } from '@portal/shared/ui';
import { DateRangeFields, FilterSelect } from '@portal/shared/ui/forms';
import { deviceName } from '../account/deviceName.ts';
import { auditActorName, auditObject, auditSentence } from './auditText.ts';
import { AUDIT_PAGE_SIZE, auditExportPath, useAuditActors, useAuditPage, useAuditSearch } from './useAuditLog.ts';

/**
 * /admin/audit-log: every change made in the account (team) for the last 365 days — who, what,
 * which object, when, address and device — with filters and a CSV the server streams (decision 0055).
 */
export default function AuditLogPage() {
  const intl = useIntl();
  const search = useAuditSearch();
  const events = useAuditPage(search.filters, search.page);
  const actors = useAuditActors();
  const download = useAuditDownload();
  const label = (id: string) => intl.formatMessage({ id });

  return (
    <ListPageFrame
      maxW="7xl"
      titleId="shared.page.auditLog"
      descriptionId="uc.audit.description"
      filters={
        <>
          <DateRangeFields
            from={search.from}
            to={search.to}
            onChange={search.setFilters}
            fromLabelId="uc.audit.from"
            toLabelId="uc.audit.to"
          />
          <FilterSelect
            labelId="uc.audit.col.actor"
            testId="audit-filter-actor"
            value={search.actor === null ? '' : String(search.actor)}
            options={(actors.data ?? []).map((a) => ({ value: String(a.memberId), label: auditActorName(intl, a) }))}
            onChange={(v) => search.setFilters({ actor: v })}
          />
          <FilterSelect
            labelId="uc.audit.col.action"
            testId="audit-filter-action"
            value={search.action ?? ''}
            options={AUDIT_ACTIONS.map((a) => ({ value: a, label: label(`uc.audit.actionName.${a}`) }))}
            onChange={(v) => search.setFilters({ action: v })}
          />
          <FilterSelect
            labelId="uc.audit.col.object"
            testId="audit-filter-object"
            value={search.objectType ?? ''}
            options={AUDIT_OBJECT_TYPES.map((o) => ({ value: o, label: label(`uc.audit.object.${o}`) }))}
            onChange={(v) => search.setFilters({ object: v })}
          />
        </>
      }
      filtered={search.filtered}
      onClearFilters={() => search.setFilters({ from: null, to: null, actor: null, action: null, object: null })}
      clearLabelId="uc.list.clearFilters"
      exportButton={{
        testId: 'audit-export',
        labelId: 'uc.list.export',
        onExport: () => void download.run(auditExportPath(search.filters)),
        exporting: download.exporting,
      }}
      toolbar={
        <Text fontSize="sm" color="fg.muted" data-testid="audit-retention">
          <FormattedMessage id="uc.audit.retention" values={{ days: AUDIT_RETENTION_DAYS }} />
        </Text>
      }
      query={events}
      loadFailedId="uc.audit.loadFailed"
      empty={{
        testId: 'audit-empty',
        ids: ['uc.audit.empty.title', 'uc.audit.empty.description'],
        filteredIds: ['uc.audit.emptyFiltered.title', 'uc.audit.emptyFiltered.description'],
      }}
      table={{
        testId: 'audit-table',
        columns: auditColumns(intl),
        rowKey: (e) => e.id,
        rowProps: (e) => ({ 'data-testid': 'audit-row', 'data-action': e.action }),
      }}
      pageSize={AUDIT_PAGE_SIZE}
      search={search}
    />
  );
}

/** When heads a phone's card; what, who, object, address and device follow. */
function auditColumns(intl: IntlShape): ListColumn<AuditEvent>[] {
  const label = (c: string) => intl.formatMessage({ id: `uc.audit.col.${c}` });
  return [
    {
      key: 'at',
      label: label('at'),
      card: 'title',
      cell: (e) => <FormattedDate value={e.at} dateStyle="medium" timeStyle="medium" />,
    },
    {
      key: 'action',
      label: label('action'),
      wrap: true,
      cell: (e) => (
        <Stack gap={1} align="flex-start">
          <Text as="span" data-testid="audit-sentence">
            {auditSentence(intl, e)}
          </Text>
          {e.confirmed ? null : (
            <Badge colorPalette="orange" variant="subtle" data-testid="audit-unconfirmed">
              <FormattedMessage id="uc.audit.unconfirmed" />
            </Badge>
          )}
        </Stack>
      ),
    },
    { key: 'actor', label: label('actor'), wrap: true, cell: (e) => auditActorName(intl, e.actor) },
    { key: 'object', label: label('object'), wrap: true, cell: (e) => auditObject(intl, e) },
    {
      key: 'ip',
      label: label('ip'),
      cell: (e) => (
        <Text as="span" fontFamily="mono" fontSize="sm" wordBreak="break-all">
          {e.ip || '—'}
        </Text>
      ),
    },
    {
      key: 'device',
      label: label('device'),
      wrap: true,
      cell: (e) => {
        const { browser, system } = deviceName(intl, e.device);
        return `${browser} · ${system}`;
      },
    },
  ];
}

/** Fetches the server's CSV with the session's token and saves it; one download at a time. */
function useAuditDownload() {
  const intl = useIntl();
  const [exporting, setExporting] = useState(false);
  const running = useRef(false);
  const run = async (path: string) => {
    if (running.current) return;
    running.current = true;
    setExporting(true);
    try {
      const csv = await fetchFile(path, { silent: true });
      downloadBlob(exportFileName('audit-log', 'csv', Date.now()), csv);
      message('success', intl.formatMessage({ id: 'uc.audit.exported' }));
    } catch (e) {
      const business = e instanceof ApiError && e.kind === 'business' && e.message;
      message('error', business || intl.formatMessage({ id: 'shared.list.exportFailed' }));
    } finally {
      running.current = false;
      setExporting(false);
    }
  };
  return { exporting, run };
}
