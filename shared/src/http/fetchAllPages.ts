/** The page size of exports: the largest the API allows. */
export const EXPORT_PAGE_SIZE = 100;
/** A ceiling, so a list that keeps growing while it is read cannot keep the export going forever. */
export const EXPORT_MAX_PAGES = 500;

export interface ListPage<T> {
  list: T[];
  total: number;
}

/** Every item of a paged list, page by page in order, until `total` is reached or a page comes back short. */
export async function fetchAllPages<T>(
  fetchPage: (pageNo: number, pageSize: number) => Promise<ListPage<T>>,
  pageSize = EXPORT_PAGE_SIZE,
): Promise<T[]> {
  const items: T[] = [];
  for (let pageNo = 1; pageNo <= EXPORT_MAX_PAGES; pageNo++) {
    const page = await fetchPage(pageNo, pageSize);
    items.push(...page.list);
    if (page.list.length < pageSize || items.length >= page.total) break;
  }
  return items;
}
