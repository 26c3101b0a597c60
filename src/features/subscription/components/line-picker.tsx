import { useTranslation } from 'react-i18next';
import { formatPhoneNumber } from '#lib/msisdn';
import type { ContractRow } from '../data/use-subscription.ts';

/**
 * The number whose subscription is shown. The line is chosen in the header's switcher (one for every screen,
 * docs/product/home.md "Which line is shown"), so the screen only says which one it is.
 */
export const LinePicker = ({ contract }: { contract: ContractRow }) => {
  const { t } = useTranslation('subscription');
  return (
    <p className="line-picker">
      {t('line.current', { number: contract.msisdn ? formatPhoneNumber(contract.msisdn) : t('line.noNumber') })}
    </p>
  );
};
