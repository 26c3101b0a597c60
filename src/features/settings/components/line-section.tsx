import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  amountRefusal,
  blockedCategories,
  lineRefusal,
  parseEuroCents,
  premiumBarrings,
  roamingTypes,
  safeguardResource,
  throttlingTiers,
  type PremiumBarring,
  type SafeguardType,
  type SettingResource,
} from '#contract/line-settings';
import { lineStatus } from '#contract/contract-state';
import { formatDateTime, formatMoneyCents, formatPhoneNumber } from '#lib/format';
import { Alert } from '#ui/alert';
import { AlertModal } from '#ui/alert-modal';
import { Badge } from '#ui/badge';
import { Button } from '#ui/button';
import { FreshnessNote } from '#ui/freshness-note';
import { LineStatusBanner } from '#ui/line-status';
import { Spinner } from '#ui/spinner';
import { TextField } from '#ui/text-field';
import { useOnline } from '#ui/use-online';
import { requestSettingChange } from '../data/line-setting.mutation.ts';
import { changeNoteOf, type ChangeNote } from '../data/line-view.ts';
import { requestSafeguardChange } from '../data/safeguard.mutation.ts';
import type { LineSettingsRow } from '../data/selected-line.ts';
import type { SettingsPageData } from '../data/use-settings-page.ts';
import { ContractPicker } from './contract-picker.tsx';

/** A value as the customer reads it: euros for limits, the name of a zone, a tier or a blocking variant. */
const useValueLabel = () => {
  const { t, i18n } = useTranslation('settings');
  return (resource: string, value: string): string => {
    switch (resource) {
      case 'ROAMING':
        return t(`line.roaming.options.${value as (typeof roamingTypes)[number]}`);
      case 'THROTTLING':
        return t(`line.throttling.options.${value as (typeof throttlingTiers)[number]}`);
      case 'PREMIUM_BARRING':
        return t(`line.premium.options.${value as PremiumBarring}`);
      case 'INTERNATIONAL_BARRING':
        return value === '1' ? t('line.international.blocked') : t('line.international.allowed');
      default:
        return formatMoneyCents(Number(value), i18n.language);
    }
  };
};

/**
 * Under a setting: its latest change, from "saved on this device" to "applied" (docs/product/settings.md
 * "Line changes and when they apply").
 */
const ChangeLine = ({ note, resource }: { note: ChangeNote | null; resource: string }) => {
  const { t, i18n } = useTranslation(['settings', 'errors']);
  const label = useValueLabel();
  const online = useOnline();
  if (!note) return null;
  switch (note.kind) {
    case 'onDevice':
      return (
        <p className="change-note" role="status">
          <Badge tone="warning">{t('settings:line.change.badgeWaiting')}</Badge>
          {online
            ? t('settings:line.change.sending', { value: label(resource, note.value) })
            : t('settings:line.change.onDevice', { value: label(resource, note.value) })}
        </p>
      );
    case 'refused':
      return (
        <Alert tone="error">
          {t('settings:line.change.refused', {
            message: t(`errors:${note.code}` as 'errors:serverError', { defaultValue: t('errors:serverError') }),
          })}
        </Alert>
      );
    case 'requested':
      return (
        <p className="change-note" role="status">
          <Badge tone="warning">{t('settings:line.change.badgePending')}</Badge>
          {t(resource === 'ROAMING' ? 'settings:line.change.requestedRoaming' : 'settings:line.change.requested', {
            value: label(resource, note.value),
            time: formatDateTime(Date.parse(note.applyAt), i18n.language),
          })}
        </p>
      );
    case 'applied':
      return (
        <p className="change-note" role="status">
          <Badge tone="success">{t('settings:line.change.badgeApplied')}</Badge>
          {t('settings:line.change.applied', {
            value: label(resource, note.value),
            time: formatDateTime(Date.parse(note.at), i18n.language),
          })}
        </p>
      );
    case 'failed':
      return (
        <p className="change-note" role="status">
          <Badge tone="danger">{t('settings:line.change.badgeFailed')}</Badge>
          {t('settings:line.change.failed', { value: label(resource, note.value) })}
        </p>
      );
  }
};

type LimitFormProps = {
  type: SafeguardType;
  form: 'LIMIT' | 'ALERT';
  line: LineSettingsRow;
  editable: boolean;
  onSubmit: (cents: number) => Promise<void>;
};

/** A new limit or alert threshold, typed in euros; bounds checked here and again by the server (the same rule). */
const LimitForm = ({ type, form, line, editable, onSubmit }: LimitFormProps) => {
  const { t, i18n } = useTranslation('settings');
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const safeguard = line.safeguards.find((s) => s.type === type);
  if (!safeguard) return null;
  const pendingLimit = line.changes
    .filter((c) => c.resource === safeguardResource(type, 'LIMIT') && c.status === 'PENDING')
    .at(-1)?.newValue;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const cents = parseEuroCents(text);
    if (cents === null) {
      setError(t('line.limits.errors.format'));
      return;
    }
    const refusal = amountRefusal(
      form,
      cents,
      { current: safeguard.current, alert: safeguard.alert, max: safeguard.max },
      pendingLimit === undefined ? null : Number(pendingLimit),
    );
    if (refusal === 'limitAboveMax') {
      setError(t('line.limits.errors.max', { max: formatMoneyCents(safeguard.max, i18n.language) }));
      return;
    }
    if (refusal === 'alertAboveLimit') {
      setError(t('line.limits.errors.alertAboveLimit'));
      return;
    }
    if (refusal) {
      setError(t('line.limits.errors.format'));
      return;
    }
    setError(undefined);
    await onSubmit(cents);
    setText('');
  };
  const label = form === 'LIMIT' ? t('line.limits.newLimit') : t('line.limits.newAlert');
  return (
    <form className="limit-form" onSubmit={(event) => void submit(event)} noValidate>
      <TextField
        label={label}
        inputMode="decimal"
        autoComplete="off"
        value={text}
        onChange={(event) => setText(event.target.value)}
        error={error}
        disabled={!editable}
        description={
          form === 'LIMIT' ? t('line.limits.maxHint', { max: formatMoneyCents(safeguard.max, i18n.language) }) : t('line.limits.alertHint')
        }
      />
      <Button type="submit" variant="secondary" isDisabled={!editable}>
        {form === 'LIMIT' ? t('line.limits.saveLimit') : t('line.limits.saveAlert')}
      </Button>
    </form>
  );
};

/**
 * What becomes of the alert when the new limit is below it (docs/product/settings.md
 * "Out-of-bundle limits and alerts"): moved to the new limit, or kept lower at an amount the customer types. Nothing
 * is sent until the customer chooses; "Change nothing" leaves the limit and the alert as they are.
 */
const AlertDecision = ({
  alert,
  limit,
  onCancel,
  onDecide,
}: {
  alert: number;
  limit: number;
  onCancel: () => void;
  onDecide: (alertCents: number) => void;
}) => {
  const { t, i18n } = useTranslation('settings');
  const money = (cents: number) => formatMoneyCents(cents, i18n.language);
  const name = useId();
  const [choice, setChoice] = useState<'move' | 'lower' | null>(null);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const confirm = () => {
    if (choice === 'move') return onDecide(limit);
    const cents = parseEuroCents(text);
    if (cents === null) return setError(t('line.limits.errors.format'));
    if (cents > limit) return setError(t('line.limits.alertDecision.tooHigh', { limit: money(limit) }));
    onDecide(cents);
  };
  return (
    <AlertModal
      isOpen
      title={t('line.limits.alertDecision.title')}
      closeLabel={t('line.limits.alertDecision.cancel')}
      onClose={onCancel}
      actions={
        <Button isDisabled={choice === null} onPress={confirm}>
          {t('line.limits.alertDecision.confirm')}
        </Button>
      }
    >
      <p>{t('line.limits.alertDecision.text', { alert: money(alert), limit: money(limit) })}</p>
      <fieldset className="choice-group">
        <legend>{t('line.limits.alertDecision.legend')}</legend>
        <label className="choice">
          <input type="radio" name={name} checked={choice === 'move'} onChange={() => setChoice('move')} />
          <span>{t('line.limits.alertDecision.move', { limit: money(limit) })}</span>
        </label>
        <label className="choice">
          <input type="radio" name={name} checked={choice === 'lower'} onChange={() => setChoice('lower')} />
          <span>{t('line.limits.alertDecision.lower')}</span>
        </label>
      </fieldset>
      {choice === 'lower' ? (
        <TextField
          label={t('line.limits.alertDecision.amount')}
          inputMode="decimal"
          autoComplete="off"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setError(undefined);
          }}
          error={error}
          description={t('line.limits.alertDecision.amountHint', { limit: money(limit) })}
        />
      ) : null}
    </AlertModal>
  );
};

const LimitCard = ({
  type,
  data,
  line,
  editable,
}: {
  type: SafeguardType;
  data: SettingsPageData;
  line: LineSettingsRow;
  editable: boolean;
}) => {
  const { t, i18n } = useTranslation('settings');
  const headingId = useId();
  const [deciding, setDeciding] = useState<number | null>(null);
  const safeguard = line.safeguards.find((s) => s.type === type);
  if (!safeguard || !data.contract) return null;
  const contractId = data.contract.id;
  const money = (cents: number) => formatMoneyCents(cents, i18n.language);
  const request = (form: 'LIMIT' | 'ALERT') => (cents: number) =>
    requestSafeguardChange(data.customerId, contractId, safeguardResource(type, form), cents);
  // The alert the line has, or will have once its waiting change applies (0: none).
  const alertNote = changeNoteOf(line.changes, data.waiting, contractId, safeguardResource(type, 'ALERT'));
  const alert =
    alertNote && (alertNote.kind === 'onDevice' || alertNote.kind === 'requested') ? Number(alertNote.value) : (safeguard.alert ?? 0);
  // docs/product/settings.md "Out-of-bundle limits and alerts": a limit lowered below its alert asks what the alert
  // becomes; never moved silently.
  const submitLimit = async (cents: number) => {
    if (alert > 0 && cents < alert) setDeciding(cents);
    else await request('LIMIT')(cents);
  };
  const decide = async (alertCents: number, limitCents: number) => {
    setDeciding(null);
    // The alert first: the server accepts a limit below the alert only once the alert's change is asked for.
    await request('ALERT')(alertCents);
    await request('LIMIT')(limitCents);
  };
  return (
    <section className="card" aria-labelledby={headingId}>
      <h4 id={headingId}>{t(`line.limits.types.${type}`)}</h4>
      <dl className="facts">
        <dt>{t('line.limits.current')}</dt>
        <dd>{money(safeguard.current)}</dd>
        <dt>{t('line.limits.alert')}</dt>
        <dd>{safeguard.alert ? money(safeguard.alert) : t('line.limits.noAlert')}</dd>
        <dt>{t('line.limits.spent')}</dt>
        <dd>{money(safeguard.overSpentCredit)}</dd>
        {safeguard.next !== null ? (
          <>
            <dt>{t('line.limits.next')}</dt>
            <dd>{money(safeguard.next)}</dd>
          </>
        ) : null}
        <dt>{t('line.limits.default')}</dt>
        <dd>{money(safeguard.default)}</dd>
      </dl>
      <ChangeLine
        note={changeNoteOf(line.changes, data.waiting, contractId, safeguardResource(type, 'LIMIT'))}
        resource={safeguardResource(type, 'LIMIT')}
      />
      <ChangeLine
        note={changeNoteOf(line.changes, data.waiting, contractId, safeguardResource(type, 'ALERT'))}
        resource={safeguardResource(type, 'ALERT')}
      />
      <div className="limit-forms">
        <LimitForm type={type} form="LIMIT" line={line} editable={editable} onSubmit={submitLimit} />
        <LimitForm type={type} form="ALERT" line={line} editable={editable} onSubmit={request('ALERT')} />
      </div>
      {deciding !== null ? (
        <AlertDecision
          alert={alert}
          limit={deciding}
          onCancel={() => setDeciding(null)}
          onDecide={(cents) => void decide(cents, deciding)}
        />
      ) : null}
    </section>
  );
};

type ChoiceOption = { value: string; label: string; hint?: string };

type ChoiceFormProps = {
  resource: SettingResource;
  title: string;
  intro: string;
  current: string;
  options: readonly ChoiceOption[];
  data: SettingsPageData;
  line: LineSettingsRow;
  editable: boolean;
  submitLabel: string;
};

/** One setting as a group of choices and an explicit "apply" (a roaming change is not to be made by a stray tap). */
const ChoiceForm = ({ resource, title, intro, current, options, data, line, editable, submitLabel }: ChoiceFormProps) => {
  const { t } = useTranslation('settings');
  const name = useId();
  const [choice, setChoice] = useState<string | null>(null);
  const [unchanged, setUnchanged] = useState(false);
  const contractId = data.contract?.id ?? 0;
  const note = changeNoteOf(line.changes, data.waiting, contractId, resource);
  // What the line has, or will have once its waiting change applies: the starting choice.
  const target = note && (note.kind === 'onDevice' || note.kind === 'requested') ? note.value : current;
  const shown = choice ?? target;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (shown === target) {
      setUnchanged(true);
      return;
    }
    setUnchanged(false);
    await requestSettingChange(data.customerId, contractId, resource, shown);
    setChoice(null);
  };
  return (
    <form className="card" onSubmit={(event) => void submit(event)}>
      <fieldset className="choice-group" disabled={!editable}>
        <legend>{title}</legend>
        <p className="muted">{intro}</p>
        {options.map((option) => (
          <label key={option.value} className="choice">
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={shown === option.value}
              onChange={() => {
                setChoice(option.value);
                setUnchanged(false);
              }}
            />
            <span className="choice__text">
              <span>
                {option.label}
                {option.value === current ? <span className="muted"> · {t('line.currentValue')}</span> : null}
              </span>
              {option.hint ? <span className="choice__hint">{option.hint}</span> : null}
            </span>
          </label>
        ))}
      </fieldset>
      <ChangeLine note={note} resource={resource} />
      {unchanged ? <Alert tone="info">{t('line.unchanged')}</Alert> : null}
      <Button type="submit" variant="secondary" isDisabled={!editable}>
        {submitLabel}
      </Button>
    </form>
  );
};

/** The PIN and PUK of the SIM, hidden until asked for (someone may be looking at the screen). */
const SimCodes = ({ codes }: { codes: LineSettingsRow['codes'] }) => {
  const { t } = useTranslation('settings');
  const [shown, setShown] = useState(false);
  const regionId = useId();
  return (
    <section className="card" aria-labelledby={`${regionId}-title`}>
      <h3 id={`${regionId}-title`}>{t('line.codes.title')}</h3>
      <Button variant="secondary" aria-expanded={shown} aria-controls={regionId} onPress={() => setShown((value) => !value)}>
        {shown ? t('line.codes.hide') : t('line.codes.show')}
      </Button>
      <div id={regionId} hidden={!shown}>
        {shown ? (
          <>
            <dl className="facts codes">
              <dt>{t('line.codes.pin')}</dt>
              <dd>{codes.pin ?? t('line.codes.unknown')}</dd>
              <dt>{t('line.codes.puk')}</dt>
              <dd>{codes.puk ?? t('line.codes.unknown')}</dd>
            </dl>
            <p className="muted">{t('line.codes.hint')}</p>
          </>
        ) : null}
      </div>
    </section>
  );
};

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
  const { t, i18n } = useTranslation(['settings', 'common']);
  const [busy, setBusy] = useState(false);
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
      <ContractPicker contracts={data.contracts} selectedId={contract.id} />
      <FreshnessNote
        fetchedAt={data.lineFetchedAt}
        busy={busy}
        onRefresh={() => {
          setBusy(true);
          void onRefreshLine().finally(() => setBusy(false));
        }}
      />
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
              <div className="settings-grid settings-grid--two">
                <ChoiceForm
                  resource="ROAMING"
                  title={t('settings:line.roaming.title')}
                  intro={t('settings:line.roaming.intro')}
                  current={line.settings.roamingType}
                  options={roamingTypes.map((value) => ({ value, label: t(`settings:line.roaming.options.${value}`) }))}
                  data={data}
                  line={line}
                  editable={editable}
                  submitLabel={t('settings:line.roaming.save')}
                />
                <ChoiceForm
                  resource="THROTTLING"
                  title={t('settings:line.throttling.title')}
                  intro={t('settings:line.throttling.intro')}
                  current={line.settings.throttling}
                  options={throttlingTiers.map((value) => ({ value, label: t(`settings:line.throttling.options.${value}`) }))}
                  data={data}
                  line={line}
                  editable={editable}
                  submitLabel={t('settings:line.throttling.save')}
                />
                <ChoiceForm
                  resource="PREMIUM_BARRING"
                  title={t('settings:line.premium.title')}
                  intro={t('settings:line.premium.intro')}
                  current={line.settings.premiumBarring}
                  options={premiumBarrings.map((value) => {
                    const blocked = blockedCategories[value].map((category) => t(`settings:line.premium.categories.${category}`));
                    return {
                      value,
                      label: t(`settings:line.premium.options.${value}`),
                      hint:
                        blocked.length === 0
                          ? t('settings:line.premium.blocksNothing')
                          : t('settings:line.premium.blocks', {
                              categories: new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(blocked),
                            }),
                    };
                  })}
                  data={data}
                  line={line}
                  editable={editable}
                  submitLabel={t('settings:line.premium.save')}
                />
                <ChoiceForm
                  resource="INTERNATIONAL_BARRING"
                  title={t('settings:line.international.title')}
                  intro={t('settings:line.international.intro')}
                  current={line.settings.internationalBarring ? '1' : '0'}
                  options={[
                    { value: '0', label: t('settings:line.international.allowed') },
                    { value: '1', label: t('settings:line.international.blocked') },
                  ]}
                  data={data}
                  line={line}
                  editable={editable}
                  submitLabel={t('settings:line.international.save')}
                />
              </div>
            </Subsection>
          ) : null}
          {part === 'codes' ? <SimCodes codes={line.codes} /> : null}
        </>
      )}
    </section>
  );
};
