import { useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import dayjs from 'dayjs';
import { ApiError, type CsvCell, downloadText, toCsv } from '@portal/shared';
import { message } from '@portal/shared/ui';

export interface CsvFile {
  /** The start of the name: `orders` gives `orders-20240501.csv` (today, local). */
  name: string;
  header: string[];
  rows: CsvCell[][];
}

/** Builds a CSV (usually by reading every page of a list) and saves it; `exporting` while it runs. */
export function useCsvExport() {
  const intl = useIntl();
  const [exporting, setExporting] = useState(false);
  const running = useRef(false);
  const run = async (build: () => Promise<CsvFile>) => {
    if (running.current) return;
    running.current = true;
    setExporting(true);
    try {
      const file = await build();
      downloadText(`${file.name}-${dayjs().format('YYYYMMDD')}.csv`, toCsv(file.header, file.rows), 'text/csv;charset=utf-8');
      message('success', intl.formatMessage({ id: 'uc.list.exported' }, { count: file.rows.length }));
    } catch (e) {
      // Network, timeout and server errors are already toasted by the shell; say the rest here.
      if (!(e instanceof ApiError)) message('error', intl.formatMessage({ id: 'uc.list.exportFailed' }));
      else if (e.kind === 'business') message('error', e.message || intl.formatMessage({ id: 'uc.list.exportFailed' }));
    } finally {
      running.current = false;
      setExporting(false);
    }
  };
  return { exporting, run };
}
