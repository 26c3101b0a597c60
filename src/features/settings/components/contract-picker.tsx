import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPhoneNumber } from '#lib/format';
import { setSelectedContract, type ContractRow } from '../data/selected-line.ts';

/**
 * The line the screen shows (docs/product/home.md "Which line is shown"): a choice for whoever has several lines; a
 * plain user has none.
 */
export const ContractPicker = ({ contracts, selectedId }: { contracts: readonly ContractRow[]; selectedId: number | undefined }) => {
  const { t } = useTranslation('settings');
  const id = useId();
  if (contracts.length < 2) return null;
  return (
    <div className="field contract-picker">
      <label htmlFor={id}>{t('line.picker')}</label>
      <select id={id} value={selectedId ?? ''} onChange={(event) => void setSelectedContract(Number(event.target.value))}>
        {contracts.map((contract) => (
          <option key={contract.id} value={contract.id}>
            {contract.msisdn ? formatPhoneNumber(contract.msisdn) : contract.contractRef}
          </option>
        ))}
      </select>
    </div>
  );
};
