/**
 * Message ids of the page titles and descriptions the shell itself owns. A remote's pages name
 * their own ids in their route manifest (shared/src/routes/manifest.ts), and the server writes the
 * same texts into the head that the browser's tab shows.
 */

export interface PageMetaIds {
  titleId: string;
  descriptionId: string;
}

/** The message ids of a page key of the shared catalog: `shared.seo.<page>.title` and `.description`. */
export const pageMetaIds = (page: string): PageMetaIds => ({
  titleId: `shared.seo.${page}.title`,
  descriptionId: `shared.seo.${page}.description`,
});

/** The message ids of the 404 answer (title 'Page Not Found', localized). */
export const NOT_FOUND_META: PageMetaIds = pageMetaIds('notFound');

/** The description of pages that have none of their own (the home page's). */
export const DEFAULT_DESCRIPTION_ID = pageMetaIds('home').descriptionId;
