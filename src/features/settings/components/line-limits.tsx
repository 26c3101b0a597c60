import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { amountRefusal, parseEuroCents, safeguardResource, type SafeguardType } from '#contract/line-settings';
import { formatMoneyCents, formatMoneyRounded } from '#lib/format';
import { AlertModal } from '#ui/alert-modal';
import { Button } from '#ui/button';
import { TextField } from '#ui/text-field';
import { limitPresets, spendAgainstLimit } from '../data/line-controls.ts';
import { changeNoteOf } from '../data/line-view.ts';
import { requestSafeguardChange } from '../data/safeguard.mutation.ts';
import type { LineSettingsRow } from '../data/selected-line.ts';
import type { SettingsPageData } from '../data/use-settings-page.ts';
import { ChangeLine } from './line-change-note.tsx';

type LimitFormProps = {
  type: SafeguardType;
  form: 'LIMIT' | 'ALERT';
  line: LineSettingsRow;
  onSubmit: (cents: number) => Promise<void>;
};

/** A new limit or alert threshold, typed in euros; bounds checked here and again by the server (the same rule). */
const LimitForm = ({ type, form, line, onSubmit }: LimitFormProps) => {
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
        description={
          form === 'LIMIT' ? t('line.limits.maxHint', { max: formatMoneyCents(safeguard.max, i18n.language) }) : t('line.limits.alertHint')
        }
      />
      <Button type="submit" variant="secondary">
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

/**
 * This cycle's out-of-bundle spend against the limit: the amounts in words, and a bar (an SVG drawn with attributes:
 * the CSP allows no style attribute) with the alert threshold marked on it. The words carry it for screen readers.
 */
const SpendBar = ({ spent, limit, alert }: { spent: number; limit: number; alert: number | null }) => {
  const { t, i18n } = useTranslation('settings');
  const money = (cents: number) => formatMoneyCents(cents, i18n.language);
  const { share, level } = spendAgainstLimit(spent, limit, alert);
  const alertAt = alert !== null && alert > 0 && limit > 0 && alert < limit ? (alert / limit) * 100 : null;
  return (
    <div className="spend" data-level={level}>
      <p className="spend__text">
        <span>{t('line.limits.spent')}</span>
        <span className="spend__amounts">{t('line.limits.spentOf', { spent: money(spent), limit: money(limit) })}</span>
      </p>
      <svg
        className="spend__bar"
        viewBox="0 0 100 10"
        preserveAspectRatio="none"
        width="100%"
        height="10"
        aria-hidden="true"
        focusable="false"
      >
        <rect className="spend__track" x="0" y="0" width="100" height="10" rx="5" />
        {share > 0 ? <rect className="spend__fill" x="0" y="0" width={Math.max(share * 100, 3)} height="10" rx="5" /> : null}
        {alertAt !== null ? <rect className="spend__alert" x={alertAt - 0.4} y="0" width="0.8" height="10" /> : null}
      </svg>
      {level === 'reached' ? <p className="spend__reached">{t('line.limits.reached')}</p> : null}
    </div>
  );
};

/**
 * The limit in one tap: € 0, 10, 20, 50, 100 within the line's maximum (and the maximum), only lower ones on a line in
 * dunning (line-controls.ts). The one the line has, or will have, is pressed. A tap asks for the change as the amount
 * field does (the alert question included).
 */
const LimitPresets = ({
  max,
  limit,
  dunning,
  onPick,
}: {
  max: number;
  limit: number;
  dunning: boolean;
  onPick: (cents: number) => void;
}) => {
  const { t, i18n } = useTranslation('settings');
  const labelId = useId();
  const presets = limitPresets(max, limit, dunning);
  return (
    <div className="limit-presets" role="group" aria-labelledby={labelId}>
      <span id={labelId} className="limit-presets__label">
        {t('line.limits.presets')}
      </span>
      <div className="limit-presets__list">
        {presets.map((cents) => (
          <button
            key={cents}
            type="button"
            className="limit-preset"
            aria-pressed={cents === limit}
            onClick={() => {
              if (cents !== limit) onPick(cents);
            }}
          >
            {cents % 100 === 0 ? formatMoneyRounded(cents, i18n.language) : formatMoneyCents(cents, i18n.language)}
          </button>
        ))}
      </div>
    </div>
  );
};

export const LimitCard = ({
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
  // The limit the line has, or will have once its waiting change applies: the pressed preset and the bar's end.
  const limitNote = changeNoteOf(line.changes, data.waiting, contractId, safeguardResource(type, 'LIMIT'));
  const limit =
    limitNote && (limitNote.kind === 'onDevice' || limitNote.kind === 'requested') ? Number(limitNote.value) : safeguard.current;
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
      <SpendBar spent={safeguard.overSpentCredit} limit={safeguard.current} alert={safeguard.alert} />
      <dl className="facts">
        <dt>{t('line.limits.current')}</dt>
        <dd>{money(safeguard.current)}</dd>
        <dt>{t('line.limits.alert')}</dt>
        <dd>{safeguard.alert ? money(safeguard.alert) : t('line.limits.noAlert')}</dd>
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
      {/* Who may not change the line reads its limits: no inputs beside disabled buttons (docs/product/roles.md). */}
      {editable ? (
        <LimitPresets
          max={safeguard.max}
          limit={limit}
          dunning={data.contract.dunningLevelReached}
          onPick={(cents) => void submitLimit(cents)}
        />
      ) : null}
      {editable ? (
        <div className="limit-forms">
          <LimitForm type={type} form="LIMIT" line={line} onSubmit={submitLimit} />
          <LimitForm type={type} form="ALERT" line={line} onSubmit={request('ALERT')} />
        </div>
      ) : null}
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
