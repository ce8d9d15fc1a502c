import { useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { ApiError } from '../../http/client.ts';
import { type CsvCell, toCsv } from '../../format/csv.ts';
import { downloadText } from '../../format/download.ts';
import { message } from '../toaster.ts';

/** A file to save: the CSV of a table, or plain text lines. */
export type ExportFile =
  | { kind: 'csv'; name: string; header: string[]; rows: CsvCell[][] }
  | { kind: 'txt'; name: string; lines: string[] };

/** `ips` on 1 May 2024 → `ips-20240501.csv` (today, local). */
export function exportFileName(name: string, kind: ExportFile['kind'], now: number): string {
  const d = new Date(now);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${name}-${d.getFullYear()}${pad(d.getMonth() + 1)}${pad(d.getDate())}.${kind}`;
}

/** Text files end every line, the last one too (`\n`), so tools that read line by line get them all. */
export const toLines = (lines: readonly string[]) => lines.map((l) => `${l}\n`).join('');

/**
 * Builds a file (often by reading every page of a list) and saves it; `exporting` while it runs.
 * One export at a time; failures are said in a toast.
 */
export function useFileExport() {
  const intl = useIntl();
  const [exporting, setExporting] = useState(false);
  const running = useRef(false);
  const run = async (build: () => Promise<ExportFile>) => {
    if (running.current) return;
    running.current = true;
    setExporting(true);
    try {
      const file = await build();
      const filename = exportFileName(file.name, file.kind, Date.now());
      if (file.kind === 'csv') downloadText(filename, toCsv(file.header, file.rows), 'text/csv;charset=utf-8');
      else downloadText(filename, toLines(file.lines), 'text/plain;charset=utf-8');
      const count = file.kind === 'csv' ? file.rows.length : file.lines.length;
      message('success', intl.formatMessage({ id: 'shared.list.exported' }, { count }));
    } catch (e) {
      // Network, timeout and server errors are already toasted by the shell; say the rest here.
      if (!(e instanceof ApiError)) message('error', intl.formatMessage({ id: 'shared.list.exportFailed' }));
      else if (e.kind === 'business') message('error', e.message || intl.formatMessage({ id: 'shared.list.exportFailed' }));
    } finally {
      running.current = false;
      setExporting(false);
    }
  };
  return { exporting, run };
}
