import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { lineRefusal } from '#contract/line-settings';
import { lineStatus } from '#contract/contract-state';
import { formatPhoneNumber } from '#lib/format';
import { Alert } from '#ui/alert';
import { RefreshNote } from '#ui/freshness-note';
import { LineStatusBanner } from '#ui/line-status';
import { Spinner } from '#ui/spinner';
import type { SettingsPageData } from '../data/use-settings-page.ts';
import { LimitCard } from './line-limits.tsx';
import { LineNetwork } from './line-network.tsx';
import { SimCodes } from './sim-codes.tsx';

const Subsection = ({ title, children }: { title: string; children: ReactNode }) => {
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      {children}
    </section>
  );
};

/** Which settings of the line a page shows: each has its own page under the profile (docs/product/settings.md). */
export type LinePart = 'limits' | 'network' | 'codes';

/**
 * The selected line's settings of one part: its spending limits (/settings/limits); roaming, throttling, premium
 * and international blocking (/settings/network); or its PIN and PUK (/settings/sim-codes). Each page keeps the
 * line's picker, its freshness and its status, so a customer changes the right line.
 */
export const LineSection = ({
  data,
  part,
  onRefreshLine,
  refreshError,
}: {
  data: SettingsPageData;
  part: LinePart;
  onRefreshLine: () => Promise<void>;
  refreshError: unknown;
}) => {
  const { t } = useTranslation(['settings', 'common']);
  const headingId = useId();
  const { contract, line } = data;
  if (!contract) return null;
  const state = {
    status: contract.status,
    subStatus: contract.subStatus,
    fraudulentBehaviour: contract.fraudulentBehaviour,
    dunningLevelReached: contract.dunningLevelReached,
  };
  const refusal = lineRefusal(state);
  const editable = data.canEdit && refusal === null;
  const number = contract.msisdn ? formatPhoneNumber(contract.msisdn) : contract.contractRef;

  return (
    <section className="settings-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('settings:line.title', { number })}</h2>
      <RefreshNote fetchedAt={data.lineFetchedAt} refresh={onRefreshLine} />
      {!data.canEdit ? <Alert tone="info">{t('settings:line.readOnly')}</Alert> : null}
      {/* One banner for a line that does not simply work: why, and the one thing to do (docs/product/home.md). */}
      <LineStatusBanner status={lineStatus(state)} number={number} contractId={contract.id} canAct={data.canEdit} />
      {refusal === 'contractClosed' && lineStatus(state) === 'active' ? <Alert tone="warning">{t('settings:line.closed')}</Alert> : null}
      {editable && contract.dunningLevelReached ? <Alert tone="info">{t('settings:line.dunning')}</Alert> : null}
      {!line ? (
        refreshError ? (
          <Alert tone="error">{t('settings:line.loadError')}</Alert>
        ) : (
          <Spinner label={t('common:loading')} />
        )
      ) : (
        <>
          {part === 'limits' ? (
            <Subsection title={t('settings:line.limits.title')}>
              <p className="muted">{t('settings:line.limits.intro')}</p>
              <div className="settings-grid settings-grid--two">
                {(['OSG', 'PSG', 'DSG'] as const).map((type) => (
                  <LimitCard key={type} type={type} data={data} line={line} editable={editable} />
                ))}
              </div>
            </Subsection>
          ) : null}
          {part === 'network' ? (
            <Subsection title={t('settings:line.network')}>
              <LineNetwork data={data} line={line} editable={editable} />
            </Subsection>
          ) : null}
          {part === 'codes' ? <SimCodes codes={line.codes} /> : null}
        </>
      )}
    </section>
  );
};
