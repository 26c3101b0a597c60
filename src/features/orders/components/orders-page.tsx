import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate, formatDateTime, formatMoneyCents, productNameIn } from '#lib/format';
import { localDayStart } from '#lib/usage-format';
import { formatPhoneNumber } from '#lib/msisdn';
import { paths, withQuery } from '#lib/route-paths';
import { Alert } from '#ui/alert';
import { AlertModal } from '#ui/alert-modal';
import { Badge } from '#ui/badge';
import { Button } from '#ui/button';
import { FreshnessNote } from '#ui/freshness-note';
import { Spinner } from '#ui/spinner';
import { useScreenSettled } from '#lib/screen-settled';
import { TitledPage } from '#ui/titled-page';
import { useOnline } from '#ui/use-online';
import { failureWords, resourceWords, statusTone, statusWord, valueWords, type Words } from '../data/order-words.ts';
import { cancelOrderLineOf, useOrderHistory, type OrderHistoryData, type OrderLineRow } from '../data/use-order-history.ts';
import './orders.css';

type ErrorLike = { code?: string; message?: string } | null;

/** Translates what order-words.ts says; a text is shown as it is. */
const useSay = () => {
  const { t, i18n } = useTranslation('orders');
  // The keys come from order-words.ts, whose table test holds them to the locale files.
  const translate = t as unknown as (key: string, values?: Record<string, string | number>) => string;
  return (words: Words | { key: string; values?: Record<string, string | number> } | { text: string }): string => {
    if ('text' in words) return words.text;
    const values: Record<string, string | number> | undefined = 'values' in words ? words.values : undefined;
    if (words.key === 'value.money' && values) return formatMoneyCents(Number(values.cents), i18n.language);
    // A plan's or an option's catalogue name in the customer's units ("Extra 5 Go" in French).
    if (values && typeof values.name === 'string')
      return translate(words.key, { ...values, name: productNameIn(values.name, i18n.language) });
    return translate(words.key, values);
  };
};

/**
 * The server's message of a refused call in the customer's language (docs/product/errors.md "Error catalogue"), else
 * as the server wrote it.
 */
const useErrorText = () => {
  const { t, i18n } = useTranslation('errors');
  return (error: ErrorLike): string => {
    const code = error?.code;
    const known = code !== undefined && i18n.exists(`errors:${code}`);
    return known ? (t as unknown as (key: string) => string)(code) : error?.message || t('unknownOrderError');
  };
};

const OrderLineCard = ({
  line,
  online,
  onCancel,
  onWhy,
}: {
  line: OrderLineRow;
  online: boolean;
  onCancel: (line: OrderLineRow) => void;
  onWhy: (line: OrderLineRow) => void;
}) => {
  const { t, i18n } = useTranslation(['orders', 'common']);
  const say = useSay();
  const lang = i18n.language;
  const oldWords = valueWords(line, line.oldValue);
  const newWords = valueWords(line, line.newValue);
  const headingId = useId();
  const closedOptimizable =
    (line.kind === 'PRODUCT' || line.kind === 'OPTION') &&
    (line.status === 'SUCCESS' || line.status === 'FAILED' || line.status === 'CANCELED');
  return (
    <li className="card order-line" aria-labelledby={headingId} data-testid="order-line">
      <div className="order-line__header">
        <h3 id={headingId}>{say(resourceWords(line))}</h3>
        <Badge tone={statusTone(line.status)}>{t(`orders:status.${statusWord(line.status)}`)}</Badge>
      </div>
      <p className="muted">{t('orders:orderOf', { order: line.orderId, kind: t(`orders:kind.${line.kind}`) })}</p>
      {oldWords || newWords ? (
        <p className="order-line__values">
          {oldWords && newWords
            ? t('orders:change', { from: say(oldWords), to: say(newWords) })
            : newWords
              ? t('orders:newValue', { value: say(newWords) })
              : t('orders:oldValue', { value: say(oldWords!) })}
        </p>
      ) : null}
      <dl className="order-line__facts">
        <div>
          <dt>{t('orders:created')}</dt>
          <dd>{formatDateTime(Date.parse(line.created), lang)}</dd>
        </div>
        {line.scheduledDate ? (
          <div>
            <dt>{t('orders:scheduled')}</dt>
            <dd>{formatDate(localDayStart(line.scheduledDate), lang)}</dd>
          </div>
        ) : null}
        {line.executed ? (
          <div>
            {/* A failed or cancelled line was not carried out: the date is when it ended (issue 43 point 12). */}
            <dt>
              {t(line.status === 'FAILED' ? 'orders:failedOn' : line.status === 'CANCELED' ? 'orders:canceledOn' : 'orders:executed')}
            </dt>
            <dd>{formatDateTime(Date.parse(line.executed), lang)}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t('orders:by')}</dt>
          <dd>{t(`orders:initiator.${line.initiatorType}`)}</dd>
        </div>
      </dl>
      {line.status === 'FAILED' ? <p className="muted">{say(failureWords(line.error))}</p> : null}
      <div className="order-line__actions">
        {line.status === 'FAILED' ? (
          <Button variant="secondary" aria-label={t('orders:whyLabel', { order: line.orderId })} onPress={() => onWhy(line)}>
            {t('orders:why')}
          </Button>
        ) : null}
        {line.isCancellable ? (
          <>
            <Button
              variant="secondary"
              aria-label={t('orders:cancelLabel', { order: line.orderId, what: say(resourceWords(line)) })}
              isDisabled={!online}
              onPress={() => onCancel(line)}
            >
              {t('orders:cancel')}
            </Button>
            {!online ? <span className="muted">{t('common:onlineOnly')}</span> : null}
          </>
        ) : null}
        {closedOptimizable ? (
          <Link to={withQuery(paths.subscriptionOptimize, { order: line.orderId })}>{t('orders:see', { order: line.orderId })}</Link>
        ) : null}
      </div>
    </li>
  );
};

/** What became of a cancellation, or why an order line failed. */
type Outcome =
  | { kind: 'canceled'; order: string; what: string }
  | { kind: 'cancelFailed'; error: ErrorLike }
  | { kind: 'failed'; line: OrderLineRow }
  | null;

/** The modal that tells the outcome (closed while there is none). */
const OutcomeModal = ({ outcome, onClose }: { outcome: Outcome; onClose: () => void }) => {
  const { t, i18n } = useTranslation(['orders', 'common']);
  const say = useSay();
  const errorText = useErrorText();
  return (
    <AlertModal
      isOpen={outcome !== null}
      title={
        outcome?.kind === 'canceled'
          ? t('orders:canceled.title')
          : outcome?.kind === 'cancelFailed'
            ? t('orders:cancelFailed')
            : t('orders:failure.title', { order: outcome?.kind === 'failed' ? outcome.line.orderId : '' })
      }
      closeLabel={t('common:close')}
      onClose={onClose}
    >
      <p>
        {outcome?.kind === 'canceled'
          ? t('orders:canceled.text', { order: outcome.order, what: outcome.what })
          : outcome?.kind === 'cancelFailed'
            ? errorText(outcome.error)
            : outcome?.kind === 'failed'
              ? say(failureWords(outcome.line.error))
              : null}
      </p>
      {outcome?.kind === 'failed' && outcome.line.executed ? (
        <p className="muted">{t('orders:failure.when', { date: formatDateTime(Date.parse(outcome.line.executed), i18n.language) })}</p>
      ) : null}
    </AlertModal>
  );
};

/** The line whose orders are shown (chosen in the header's switcher, one for every screen). */
const LineChoice = ({ contract }: { contract: { id: number; msisdn: string | null } }) => {
  const { t } = useTranslation(['orders', 'common']);
  return <p>{t('orders:lineOf', { number: contract.msisdn ? formatPhoneNumber(contract.msisdn) : t('orders:noNumber') })}</p>;
};

/** Previous and next page of the history, when it has more than one. */
const OrderPager = ({
  page,
  lastPage,
  total,
  onPage,
}: {
  page: number;
  lastPage: number;
  total: number;
  onPage: (page: number) => void;
}) => {
  const { t } = useTranslation(['orders', 'common']);
  if (lastPage <= 1) return null;
  return (
    <nav className="paging" aria-label={t('orders:paging.label')}>
      <Button variant="secondary" isDisabled={page <= 1} onPress={() => onPage(page - 1)}>
        {t('orders:paging.previous')}
      </Button>
      <span aria-live="polite">{t('orders:paging.page', { page, last: lastPage, count: total })}</span>
      <Button variant="secondary" isDisabled={page >= lastPage} onPress={() => onPage(page + 1)}>
        {t('orders:paging.next')}
      </Button>
    </nav>
  );
};

/**
 * The sections below the list (the SIM orders under way) wait for it: drawn first, they would be pushed down. The
 * list is in place once its pull is over (the history, then the line's products, whose names the cards show), not as
 * soon as its first row is stored: drawn between the two, the section was pushed down on a first visit. Nor as soon
 * as the pull says it is over: its rows are read again a moment later, and a frame without them drew the section
 * under a spinner (0.09 on a phone): a line's list is in place when its page is read with its age.
 */
const listInPlace = (data: OrderHistoryData | null | undefined, settled: boolean, refreshError: unknown): boolean =>
  data !== undefined &&
  data !== null &&
  ((settled && (data.contract !== undefined ? data.page !== undefined && data.fetchedAt !== undefined : data.customerFetched)) ||
    Boolean(refreshError));

/**
 * /orders: the selected line's order history (docs/product/subscription.md "Order history", "Order states"), 25 lines
 * a page, every kind of order in words, with the cancellation of what may still be cancelled (online only) and the
 * failure and cancellation modals. Owners and admins only (the route's guard). Offline: the stored pages with their
 * age.
 */
export const OrdersPage = () => {
  const { t, i18n } = useTranslation(['orders', 'common']);
  const online = useOnline();
  const say = useSay();
  const [page, setPage] = useState(1);
  const { data, refresh, refreshError, settled } = useOrderHistory(page);
  // Another line chosen in the header starts on its history's first page.
  const [pagedLine, setPagedLine] = useState<number | undefined>(undefined);
  const shownLine = data?.contract?.id;
  if (shownLine !== undefined && shownLine !== pagedLine) {
    setPagedLine(shownLine);
    if (pagedLine !== undefined) setPage(1);
  }
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState<OrderLineRow | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  useScreenSettled(listInPlace(data, settled, refreshError));
  if (!data) return <Spinner label={t('common:loading')} />;
  const { contract, page: pageRow } = data;
  if (!contract) {
    return (
      <TitledPage title={t('orders:title')}>
        {(settled && data.customerFetched) || refreshError ? <p>{t('orders:noLine')}</p> : <Spinner label={t('common:loading')} />}
      </TitledPage>
    );
  }

  const onRefresh = () => {
    setBusy(true);
    void refresh().finally(() => setBusy(false));
  };
  // docs/product/subscription.md "Cancelling an order": this change only; the order's other changes still happen.
  const cancel = async (line: OrderLineRow) => {
    setConfirming(null);
    try {
      await cancelOrderLineOf(data.customerId, contract.id, line.orderId, line.id);
      await refresh();
      setOutcome({ kind: 'canceled', order: line.orderId, what: changeText(line) });
    } catch (error) {
      setOutcome({ kind: 'cancelFailed', error: error as ErrorLike });
    }
  };
  /** A change in words: what, and from what to what ("International 60 (none → 1)"). */
  const changeText = (line: OrderLineRow): string => {
    const from = valueWords(line, line.oldValue);
    const to = valueWords(line, line.newValue);
    const what = say(resourceWords(line));
    return from && to ? `${what} (${t('orders:change', { from: say(from), to: say(to) })})` : what;
  };
  /** The order's other changes still waiting: what a cancellation of `line` leaves to happen. */
  const othersOf = (line: OrderLineRow): OrderLineRow[] =>
    (pageRow?.lines ?? []).filter(
      (l) => l.orderId === line.orderId && l.id !== line.id && (l.status === 'PENDING' || l.status === 'QUEUED'),
    );
  const numberOf = (msisdn: string | null) => (msisdn ? formatPhoneNumber(msisdn) : t('orders:noNumber'));
  const lastPage = pageRow?.lastPage ?? 1;

  return (
    <TitledPage title={t('orders:title')}>
      <LineChoice contract={contract} />
      <FreshnessNote fetchedAt={data.fetchedAt} onRefresh={onRefresh} busy={busy} />
      {!pageRow ? (
        refreshError ? (
          <Alert tone="warning">{t('orders:notLoaded')}</Alert>
        ) : (
          <Spinner label={t('common:loading')} />
        )
      ) : pageRow.lines.length === 0 ? (
        <p>{t('orders:empty')}</p>
      ) : (
        <>
          <ul className="order-list" aria-label={t('orders:listLabel', { number: numberOf(contract.msisdn) })}>
            {pageRow.lines.map((line) => (
              <OrderLineCard
                key={line.id}
                line={line}
                online={online}
                onCancel={setConfirming}
                onWhy={(l) => setOutcome({ kind: 'failed', line: l })}
              />
            ))}
          </ul>
          <OrderPager page={page} lastPage={lastPage} total={pageRow.total} onPage={setPage} />
        </>
      )}
      <AlertModal
        isOpen={confirming !== null}
        title={t('orders:cancelConfirm.title', { order: confirming?.orderId ?? '' })}
        closeLabel={t('orders:cancelConfirm.no')}
        onClose={() => setConfirming(null)}
        actions={
          <Button isDisabled={!online} onPress={() => confirming && void cancel(confirming)}>
            {t('orders:cancelConfirm.yes')}
          </Button>
        }
      >
        {confirming ? (
          <>
            <p>{t('orders:cancelConfirm.text', { what: changeText(confirming) })}</p>
            {othersOf(confirming).length > 0 ? (
              <>
                <p>{t('orders:cancelConfirm.kept', { order: confirming.orderId })}</p>
                <ul data-testid="cancel-kept">
                  {othersOf(confirming).map((l) => (
                    <li key={l.id}>
                      {changeText(l)}
                      {l.scheduledDate ? ` — ${formatDate(localDayStart(l.scheduledDate), i18n.language)}` : ''}
                    </li>
                  ))}
                </ul>
              </>
            ) : (
              <p>{t('orders:cancelConfirm.only')}</p>
            )}
          </>
        ) : null}
        {!online ? <p className="muted">{t('common:onlineOnly')}</p> : null}
      </AlertModal>
      <OutcomeModal outcome={outcome} onClose={() => setOutcome(null)} />
    </TitledPage>
  );
};
