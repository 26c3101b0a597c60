import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPhoneNumber } from '#lib/msisdn';
import type { ContractRow } from '../data/use-subscription.ts';

/** The number whose subscription is shown; a select when the customer has several (never for a plain user). */
export const LinePicker = ({
  contracts,
  contract,
  switchable,
  onSelect,
}: {
  contracts: readonly ContractRow[];
  contract: ContractRow;
  switchable: boolean;
  onSelect: (contractId: number) => void;
}) => {
  const { t } = useTranslation('subscription');
  const id = useId();
  const label = (c: ContractRow) => (c.msisdn ? formatPhoneNumber(c.msisdn) : t('line.noNumber'));
  if (!switchable) return <p className="line-picker">{t('line.current', { number: label(contract) })}</p>;
  return (
    <div className="line-picker">
      <label htmlFor={id}>{t('line.label')}</label>
      <select id={id} value={contract.id} onChange={(event) => onSelect(Number(event.target.value))}>
        {contracts.map((c) => (
          <option key={c.id} value={c.id}>
            {label(c)}
          </option>
        ))}
      </select>
    </div>
  );
};
