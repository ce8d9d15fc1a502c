import { createIntl, createIntlCache, type IntlShape } from 'react-intl';
import { type Catalog, type Locale, loadSharedMessages } from '@portal/shared';
import { type RemoteRoutesModule, uiStore } from '@portal/shared/browser';

/**
 * The message catalog of the page: the shell's and shared kit's own, plus each remote's catalog
 * as that remote loads. One IntlProvider, so remote pages use plain react-intl.
 *
 * One language at a time (decision 0040): a language's catalogs load the first time a page in it is
 * about to render (`loadLocale`, awaited by the boot, the server renderer and the locale root's
 * loader, so a page never renders with missing messages), and a remote's catalog loads, when the
 * remote does, in every language asked for so far. The other language's messages are never
 * downloaded unless the visitor switches.
 *
 * A remote's catalog is merged into the same objects, without re-rendering: its keys are its own
 * (`checkout.*`, …) and only its pages, which mount after this, read them; telling React would
 * re-render the whole page being left (every message, every styled component) in the middle of the
 * navigation to the remote, for nothing.
 */
type CatalogSource = Catalog | (() => Promise<Catalog>);

const ownMessages: Record<Locale, () => Promise<Catalog>> = {
  en: () => import('./messages/en.json').then((m) => m.default),
  'zh-CN': () => import('./messages/zh-CN.json').then((m) => m.default),
};
const catalogs: Record<Locale, Catalog> = { en: {}, 'zh-CN': {} };
/** Every language some page asked for: a remote that loads later brings its catalog in each. */
const requested = new Set<Locale>();
/** Each remote's catalog sources, as `addCatalogs` received them. */
const remoteSources: Array<Record<Locale, CatalogSource>> = [];
/** One load per (source, language); a failed load is forgotten so the next page tries again. */
const loads = new WeakMap<object, Map<Locale, Promise<void>>>();
let version = 0;

function load(key: object, locale: Locale, source: CatalogSource): Promise<void> {
  const byLocale = loads.get(key) ?? new Map<Locale, Promise<void>>();
  loads.set(key, byLocale);
  let pending = byLocale.get(locale);
  if (!pending) {
    pending = (typeof source === 'function' ? source() : Promise.resolve(source)).then(
      (messages) => {
        Object.assign(catalogs[locale], messages);
        version++;
      },
      (error: unknown) => {
        byLocale.delete(locale);
        throw error;
      },
    );
    byLocale.set(locale, pending);
  }
  return pending;
}

const sharedKey = {};
const ownKey = {};

/** Loads a language's catalogs (shared kit, shell, every remote loaded so far); resolves once they are in. */
export async function loadLocale(locale: Locale): Promise<void> {
  requested.add(locale);
  // Shared first, then the shell's own: the shell's message wins when both have an id.
  await load(sharedKey, locale, () => loadSharedMessages(locale));
  await Promise.all([
    load(ownKey, locale, ownMessages[locale]),
    ...remoteSources.map((source) => load(source, locale, source[locale])),
  ]);
}

/** A remote's catalogs (a loader per language, or, from a remote built before decision 0040, the catalogs). */
export async function addCatalogs(more: RemoteRoutesModule['messages']): Promise<void> {
  if (!remoteSources.includes(more)) remoteSources.push(more);
  await Promise.all([...requested].map((locale) => load(more, locale, more[locale])));
}

export function useMessages(locale: Locale): Catalog {
  return catalogs[locale];
}

const cache = createIntlCache();
let intl: { key: string; value: IntlShape } | null = null;

/** Translation outside React (HTTP reactions, the route guard) in the current locale. */
export function translate(id: string, values?: Record<string, string | number>, locale: Locale = uiStore.locale): string {
  const key = `${locale}:${version}`;
  if (intl?.key !== key) intl = { key, value: createIntl({ locale, messages: catalogs[locale] }, cache) };
  return intl.value.formatMessage({ id }, values);
}
