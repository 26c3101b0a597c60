import { zoneOffsetMs } from '#contract/calendar';
import { formatDataSize, formatDate, formatMinutes, formatMoneyCents, formatRelativeMinutes, toIntlLocale } from '#lib/format';

/*
 * A dedicated worker that home's page starts right after its first paint (src/layout-first.ts, with the page's language
 * as the worker's name), so that the first screen's formatters find the runtime's locale and time-zone data loaded.
 *
 * The first Intl formatter a page makes costs far more than any later one: the runtime loads its locale data and the
 * list of its locales, and the first formatter in a time zone loads the zone's rules (on this project's throttled
 * phone profile, 50–80 ms of the main thread for the first one, 1 ms for the next). Those are the renderer process's
 * caches, not the page's: made here, on another core, while the page's chunks load, they are there when home's
 * first frame formats its figures (issue 41: the offline start). The worker formats what that frame formats (its
 * amounts, durations, dates, money, the age of its figures, the service's days) through the app's own functions,
 * then closes. Nothing it computes is used; a browser whose caches are per thread only loses a worker's start.
 */
const language = self.name;
// Any instant loads the same data (a zone's rules come whole): a fixed one, no clock read.
const instant = Date.UTC(2026, 0, 15, 12);
zoneOffsetMs(instant);
formatDataSize(1_536 * 1024 ** 2, language);
formatMinutes(5_400, language);
formatDate(instant, language, { day: 'numeric', month: 'long' });
formatMoneyCents(1_999, language);
formatRelativeMinutes(instant - 300_000, instant, language);
new Intl.PluralRules(toIntlLocale(language)).select(2);
self.close();
