import { useTranslation } from 'react-i18next';
import { paths } from '#lib/route-paths';
import { NextBillSentence } from '#ui/next-bill-sentence';
import { useNextBill } from '../data/use-next-bill.ts';

/**
 * The next bill in one sentence, when it should differ from the last one by more than 10 % or 5 € (docs/product/home.md
 * "Next bill"), opening its explanation on the bills screen. Its space is kept while it is read, so that nothing
 * moves when it appears.
 */
export const NextBillNote = ({ customerId }: { customerId: number | null }) => {
  const { t, i18n } = useTranslation('home');
  const change = useNextBill(customerId);
  if (customerId === null) return null;
  return (
    <div className="home-next-bill" data-state={change === undefined ? 'loading' : 'ready'}>
      {change?.worthSaying ? (
        <NextBillSentence
          difference={change.explanation.difference_cents}
          main={change.main}
          text={(key, values) => t(key as 'nextBill.higher', values as { amount: string; cause: string })}
          language={i18n.language}
          to={`${paths.bills}#next-bill`}
        />
      ) : null}
    </div>
  );
};
