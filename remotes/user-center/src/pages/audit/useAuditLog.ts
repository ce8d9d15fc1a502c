import {
  AUDIT_ACTIONS,
  AUDIT_EXPORT_PATH,
  AUDIT_OBJECT_TYPES,
  type AuditAction,
  type AuditFilters,
  type AuditObjectType,
  api,
  dayRange,
} from '@portal/shared';
import { callApi } from '@portal/shared/browser';
import { positiveInt, useListSearch } from '@portal/shared/ui';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';

export const AUDIT_PAGE_SIZE = 20;
export const auditKey = ['audit-log'] as const;

const oneOf = <T extends string>(list: readonly T[], value: string | null): T | undefined =>
  value !== null && (list as readonly string[]).includes(value) ? (value as T) : undefined;

/** The log's filters from the URL (`?from=&to=&actor=&action=&object=&page=`); days are the member's own (local). */
export function useAuditSearch() {
  const search = useListSearch();
  const { params } = search;
  const actor = positiveInt(params.get('actor'));
  const action = oneOf<AuditAction>(AUDIT_ACTIONS, params.get('action'));
  const objectType = oneOf<AuditObjectType>(AUDIT_OBJECT_TYPES, params.get('object'));
  const filters = useMemo<AuditFilters>(
    () => ({
      ...dayRange(search.from, search.to, 'local'),
      ...(actor !== null && { actorMemberId: actor }),
      ...(action && { action }),
      ...(objectType && { objectType }),
    }),
    [search.from, search.to, actor, action, objectType],
  );
  const filtered = Boolean(search.from || search.to || actor || action || objectType);
  return { ...search, actor, action, objectType, filters, filtered };
}

export function useAuditPage(filters: AuditFilters, pageNo: number) {
  return useQuery({
    queryKey: [...auditKey, 'page', filters, pageNo],
    queryFn: () => callApi(api.auditPage, { query: { ...filters, pageNo, pageSize: AUDIT_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
}

export function useAuditActors() {
  return useQuery({ queryKey: [...auditKey, 'actors'], queryFn: () => callApi(api.auditActors) });
}

/** The export's address with the same filters as the list. */
export function auditExportPath(filters: AuditFilters): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value !== undefined) query.set(key, String(value));
  const text = query.toString();
  return text ? `${AUDIT_EXPORT_PATH}?${text}` : AUDIT_EXPORT_PATH;
}
