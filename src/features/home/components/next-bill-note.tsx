import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate, formatMoneyCents } from '#lib/format';
import { paths } from '#lib/route-paths';
import { localDayStart } from '#lib/usage-format';
import { NextBillSentence } from '#ui/next-bill-sentence';
import { useHomeBill } from '../data/use-home-bill.ts';
import { useNextBill } from '../data/use-next-bill.ts';

const dayMonth: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'long' };

/**
 * Home's bill card (issue 43 point 1): the amount owed and its due date when money is owed (past due said so, a direct
 * debit that collects it all said so), otherwise the next invoice's estimate and its date; and, when it should differ
 * from the last one by more than 10 % or 5 € (docs/product/home.md "Next bill"), the sentence that opens its
 * explanation. The card has its room from the first frame (usage.css), so nothing moves when its figures arrive.
 * Nothing for a plain user (`customerId` null).
 */
export const NextBillNote = memo(function NextBillNote({ customerId }: { customerId: number | null }) {
  const { t, i18n } = useTranslation('home');
  const lang = i18n.language;
  const change = useNextBill(customerId);
  const bill = useHomeBill(customerId);
  if (customerId === null) return null;
  const day = (iso: string | null) => (iso ? formatDate(localDayStart(iso.slice(0, 10)), lang, dayMonth) : null);
  const tone = bill?.kind === 'due' && !bill.byDebit ? (bill.overdue ? 'danger' : 'due') : undefined;
  return (
    <section
      className="card home-bill"
      aria-labelledby="home-bill-title"
      data-state={change === undefined || bill === undefined || bill === null ? 'loading' : 'ready'}
      data-tone={tone}
    >
      <h2 id="home-bill-title" className="home-bill__title">
        {bill?.kind === 'due' ? t('bill.dueTitle') : t('bill.nextTitle')}
      </h2>
      {/* The amount and its date always have their lines, empty until they are read (no layout shift). */}
      <p className="home-bill__amount">
        {bill?.kind === 'due'
          ? formatMoneyCents(bill.amountCents, lang)
          : bill?.kind === 'next'
            ? t('bill.estimate', { amount: formatMoneyCents(bill.amountCents, lang) })
            : null}
      </p>
      <p className="home-bill__when">
        {bill?.kind === 'due'
          ? bill.byDebit
            ? t('bill.byDebit')
            : bill.dueDate
              ? t(bill.overdue ? 'bill.overdue' : 'bill.dueBy', { date: day(bill.dueDate) })
              : null
          : bill?.kind === 'next'
            ? bill.date
              ? t('bill.nextOn', { date: day(bill.date) })
              : null
            : bill?.kind === 'settled'
              ? t('bill.settled')
              : null}
      </p>
      {change?.worthSaying ? (
        <NextBillSentence
          difference={change.explanation.difference_cents}
          main={change.main}
          text={(key, values) => t(key as 'nextBill.higher', values as { amount: string; cause: string })}
          language={lang}
          to={`${paths.bills}#next-bill`}
        />
      ) : null}
      <p className="home-bill__more">
        <Link to={paths.bills}>{t('bill.open')}</Link>
      </p>
    </section>
  );
});
