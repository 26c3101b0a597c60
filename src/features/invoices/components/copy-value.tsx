import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#ui/button';

/**
 * One value of a transfer with a button that copies it, so that it can be pasted in a banking app. The result is
 * announced (a status line), and a failure says what to do instead.
 */
export const CopyValue = ({
  label,
  value,
  copyLabel,
  copyText = value,
}: {
  label: string;
  value: string;
  copyLabel: string;
  copyText?: string;
}) => {
  const { t } = useTranslation('invoices');
  const [result, setResult] = useState<'copied' | 'failed' | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(copyText);
      setResult('copied');
    } catch {
      setResult('failed');
    }
  };
  return (
    <div className="copy-value">
      <dt>{label}</dt>
      <dd>
        <span className="copy-value__text">{value}</span>
        <Button variant="ghost" aria-label={copyLabel} onPress={() => void copy()}>
          {t('pay.copyShort')}
        </Button>
        <span role="status" className="copy-value__status">
          {result === 'copied' ? t('pay.copied', { value: copyText }) : result === 'failed' ? t('pay.copyFailed') : ''}
        </span>
      </dd>
    </div>
  );
};
