import { useDeferredValue, useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { faqTopics } from '#contract/support';
import { paths } from '#lib/route-paths';
import { Alert } from '#ui/alert';
import { Button } from '#ui/button';
import { RefreshNote } from '#ui/freshness-note';
import { Spinner } from '#ui/spinner';
import { TitledPage } from '#ui/titled-page';
import { createFaqIndex } from '../data/faq-search.ts';
import { useFaq, type FaqEntryRow } from '../data/use-faq.ts';
import './support.css';

/** One question: a disclosure (native details/summary: keyboard and screen readers for free) with its deep link. */
const FaqItem = ({ entry, open, onToggle }: { entry: FaqEntryRow; open: boolean; onToggle: (open: boolean) => void }) => {
  const { t } = useTranslation('support');
  return (
    <details id={entry.slug} className="faq-item" open={open} onToggle={(event) => onToggle(event.currentTarget.open)}>
      <summary>{entry.question}</summary>
      <div className="faq-item__answer">
        <p>{entry.answer}</p>
        <a href={`#${entry.slug}`} className="faq-item__link">
          {t('faq.linkToAnswer')}
        </a>
      </div>
    </details>
  );
};

/** No question yet and none ever fetched, nor a failure: the first answer is on its way. */
const firstVisitWaiting = (data: { entries: readonly unknown[]; fetchedAt: number | undefined }, refreshError: unknown, settled: boolean) =>
  data.entries.length === 0 && !refreshError && (!settled || data.fetchedAt === undefined);

/** /support/main: the FAQ by topic with instant search, deep links to answers, and how to reach support. Offline too. */
export const SupportPage = () => {
  const { t, i18n } = useTranslation(['support', 'common']);
  const location = useLocation();
  const searchId = useId();
  const { result, refresh, refreshError, settled } = useFaq(i18n.language);
  const [query, setQuery] = useState('');
  // Typing stays responsive; the list follows a moment later if rendering lags.
  const deferredQuery = useDeferredValue(query);
  // The answers the customer opened or closed; the one a deep link names starts open.
  const [toggled, setToggled] = useState<ReadonlyMap<string, boolean>>(new Map());
  const data = result.status === 'ready' ? result.data : null;
  const entries = useMemo(() => data?.entries ?? [], [data]);
  const index = useMemo(() => createFaqIndex(entries), [entries]);
  const matches = useMemo(() => index.search(deferredQuery), [index, deferredQuery]);
  const hash = decodeURIComponent(location.hash.slice(1));

  // A deep link (/support/main#<slug>) opens its answer and brings it into view, once the questions are there.
  useEffect(() => {
    if (!hash || !entries.some((entry) => entry.slug === hash)) return;
    const target = document.getElementById(hash);
    target?.scrollIntoView({ block: 'start' });
    target?.querySelector('summary')?.focus({ preventScroll: true });
  }, [hash, entries]);

  // A first visit: one spinner until the questions arrive, not the contact card drawn and pushed down (issue 41).
  if (!data || firstVisitWaiting(data, refreshError, settled)) return <Spinner label={t('common:loading')} />;

  const isOpen = (slug: string) => toggled.get(slug) ?? slug === hash;
  const toggle = (slug: string) => (open: boolean) =>
    setToggled((current) => (current.get(slug) === open ? current : new Map(current).set(slug, open)));
  const bySlug = new Map(entries.map((entry) => [entry.slug, entry]));
  const searching = deferredQuery.trim() !== '';
  const found = matches.flatMap((slug) => bySlug.get(slug) ?? []);

  return (
    <TitledPage title={t('support:title')}>
      <RefreshNote fetchedAt={data.fetchedAt} refresh={refresh} />
      {data.shownLang !== null && data.shownLang !== i18n.language ? <Alert tone="info">{t('support:faq.otherLanguage')}</Alert> : null}
      <section aria-labelledby="faq-heading" className="faq">
        <h2 id="faq-heading">{t('support:faq.heading')}</h2>
        {entries.length === 0 ? (
          refreshError || settled ? (
            <Alert tone={refreshError ? 'warning' : 'info'}>{t(refreshError ? 'support:faq.loadError' : 'support:faq.empty')}</Alert>
          ) : (
            <Spinner label={t('common:loading')} />
          )
        ) : (
          <>
            <search className="faq-search">
              <div className="field">
                <label htmlFor={searchId}>{t('support:faq.searchLabel')}</label>
                <div className="field__row">
                  <input
                    id={searchId}
                    type="search"
                    value={query}
                    onChange={(event) => setQuery(event.target.value)}
                    aria-describedby={`${searchId}-hint`}
                    autoComplete="off"
                    enterKeyHint="search"
                  />
                  {query ? (
                    <Button variant="secondary" onPress={() => setQuery('')}>
                      {t('support:faq.clear')}
                    </Button>
                  ) : null}
                </div>
                <span id={`${searchId}-hint`} className="field__description">
                  {t('support:faq.searchHint')}
                </span>
              </div>
            </search>
            <p role="status" className={searching ? 'faq-search__status' : 'visually-hidden'}>
              {searching
                ? found.length > 0
                  ? t('support:faq.results', { count: found.length })
                  : t('support:faq.noResult', { query: deferredQuery.trim() })
                : ''}
            </p>
            {searching ? (
              <div className="faq-list">
                {found.map((entry) => (
                  <FaqItem key={entry.slug} entry={entry} open={isOpen(entry.slug)} onToggle={toggle(entry.slug)} />
                ))}
              </div>
            ) : (
              faqTopics.map((topic) => {
                const inTopic = entries.filter((entry) => entry.topic === topic);
                if (inTopic.length === 0) return null;
                return (
                  <section key={topic} aria-labelledby={`faq-topic-${topic}`} className="faq-topic">
                    <h3 id={`faq-topic-${topic}`}>{t(`support:faq.topics.${topic}`)}</h3>
                    <div className="faq-list">
                      {inTopic.map((entry) => (
                        <FaqItem key={entry.slug} entry={entry} open={isOpen(entry.slug)} onToggle={toggle(entry.slug)} />
                      ))}
                    </div>
                  </section>
                );
              })
            )}
          </>
        )}
      </section>
      <section aria-labelledby="support-contact-heading" className="card support-contact">
        <h2 id="support-contact-heading">{t('support:contactCard.heading')}</h2>
        <p>
          <a href={t('support:contactCard.phoneHref')}>
            {t('support:contactCard.phone', { number: t('support:contactCard.phoneNumber') })}
          </a>
        </p>
        <p className="muted">{t('support:contactCard.hours')}</p>
        <p>{t('support:contactCard.writeHint')}</p>
        <Link className="button" data-variant="primary" to={paths.supportContact}>
          {t('support:contactCard.write')}
        </Link>
      </section>
    </TitledPage>
  );
};
