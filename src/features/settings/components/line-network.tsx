import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { blockedCategories, premiumBarrings, roamingTypes, throttlingTiers, type SettingResource } from '#contract/line-settings';
import { paths } from '#lib/route-paths';
import { Alert } from '#ui/alert';
import { Button } from '#ui/button';
import { Icon } from '#ui/icons';
import { Switch } from '#ui/switch';
import { requestSettingChange } from '../data/line-setting.mutation.ts';
import { switchIsOn, switchRefusedByDunning, switchValue, type SwitchResource } from '../data/line-controls.ts';
import { changeNoteOf } from '../data/line-view.ts';
import type { LineSettingsRow } from '../data/selected-line.ts';
import type { SettingsPageData } from '../data/use-settings-page.ts';
import { ChangeLine } from './line-change-note.tsx';

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
  /** What helps to choose, under the intro (the roaming zone: the travel guide). */
  more?: ReactNode;
  /** Inside a card of its own (under a switch): no card around the form. */
  bare?: boolean;
};

/** One setting as a group of choices and an explicit "apply" (a roaming change is not to be made by a stray tap). */
const ChoiceForm = ({
  resource,
  title,
  intro,
  current,
  options,
  data,
  line,
  editable,
  submitLabel,
  more,
  bare = false,
}: ChoiceFormProps) => {
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
  if (!editable) {
    // Who may not change the line reads the setting: no radios beside a disabled button (docs/product/roles.md).
    const currentLabel = options.find((option) => option.value === current)?.label ?? current;
    return (
      <div className={bare ? undefined : 'card'}>
        <dl className="facts">
          <dt>{title}</dt>
          <dd>{currentLabel}</dd>
        </dl>
        {bare ? null : <ChangeLine note={note} resource={resource} />}
      </div>
    );
  }
  return (
    <form className={bare ? 'choice-form' : 'card'} onSubmit={(event) => void submit(event)}>
      <fieldset className="choice-group">
        <legend>{title}</legend>
        <p className="muted">{intro}</p>
        {more}
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
      {bare ? null : <ChangeLine note={note} resource={resource} />}
      {unchanged ? <Alert tone="info">{t('line.unchanged')}</Alert> : null}
      <Button type="submit" variant="secondary">
        {submitLabel}
      </Button>
    </form>
  );
};

/**
 * A setting with an on/off switch on top (roaming; premium blocking of every category), and its finer choice below
 * (the zone; one category). The switch shows what the line will have once its waiting change applies, and moving it
 * queues the same change as the form does: optimistic, with its pending note, replayed when back online. On a line in
 * dunning the switch does not move where it would raise the line's costs, and says why.
 */
const SwitchCard = ({
  resource,
  label,
  description,
  current,
  data,
  line,
  children,
}: {
  resource: SwitchResource;
  label: string;
  description: ReactNode;
  current: string;
  data: SettingsPageData;
  line: LineSettingsRow;
  children: (on: boolean) => ReactNode;
}) => {
  const { t } = useTranslation('settings');
  const contract = data.contract;
  if (!contract) return null;
  const note = changeNoteOf(line.changes, data.waiting, contract.id, resource);
  const target = note && (note.kind === 'onDevice' || note.kind === 'requested') ? note.value : current;
  const on = switchIsOn(resource, target);
  const refused = switchRefusedByDunning(contract, resource, target);
  return (
    <div className="card switch-card">
      <Switch
        label={label}
        checked={on}
        disabled={refused}
        description={
          <>
            {description}
            {refused ? <span className="switch-card__refusal"> {t('line.switchDunning')}</span> : null}
          </>
        }
        onChange={(checked) => void requestSettingChange(data.customerId, contract.id, resource, switchValue(resource, checked))}
      />
      <ChangeLine note={note} resource={resource} />
      {children(on)}
    </div>
  );
};

type CardProps = { data: SettingsPageData; line: LineSettingsRow; editable: boolean };

/** Roaming: a switch, then the zone (and the travel guide); read-only for who may not change it. */
const RoamingCard = ({ data, line, editable }: CardProps) => {
  const { t } = useTranslation(['settings']);
  const options = roamingTypes.map((value) => ({ value, label: t(`settings:line.roaming.options.${value}`) }));
  const guide = (
    <p>
      <Link to={paths.travelMain}>{t('settings:line.roaming.guide')}</Link>
    </p>
  );
  if (!editable) {
    return (
      <ChoiceForm
        resource="ROAMING"
        title={t('settings:line.roaming.title')}
        intro={t('settings:line.roaming.intro')}
        current={line.settings.roamingType}
        options={options}
        data={data}
        line={line}
        editable={false}
        submitLabel={t('settings:line.roaming.save')}
      />
    );
  }
  return (
    <SwitchCard
      resource="ROAMING"
      label={t('settings:line.roaming.switch')}
      description={t('settings:line.roaming.switchHint')}
      current={line.settings.roamingType}
      data={data}
      line={line}
    >
      {(on) =>
        on ? (
          <ChoiceForm
            bare
            resource="ROAMING"
            title={t('settings:line.roaming.title')}
            intro={t('settings:line.roaming.zoneIntro')}
            current={line.settings.roamingType}
            options={options.filter((option) => option.value !== 'COVERAGE_NONE')}
            data={data}
            line={line}
            editable
            submitLabel={t('settings:line.roaming.save')}
            more={guide}
          />
        ) : (
          guide
        )
      }
    </SwitchCard>
  );
};

/** Premium services: a switch blocking them all, then (while not all are) one category at a time. */
const PremiumCard = ({ data, line, editable }: CardProps) => {
  const { t, i18n } = useTranslation(['settings']);
  const options = premiumBarrings.map((value) => {
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
  });
  if (!editable) {
    return (
      <ChoiceForm
        resource="PREMIUM_BARRING"
        title={t('settings:line.premium.title')}
        intro={t('settings:line.premium.intro')}
        current={line.settings.premiumBarring}
        options={options}
        data={data}
        line={line}
        editable={false}
        submitLabel={t('settings:line.premium.save')}
      />
    );
  }
  return (
    <SwitchCard
      resource="PREMIUM_BARRING"
      label={t('settings:line.premium.switch')}
      description={t('settings:line.premium.intro')}
      current={line.settings.premiumBarring}
      data={data}
      line={line}
    >
      {(on) =>
        on ? null : (
          <details className="switch-card__more">
            <summary>
              {t('settings:line.premium.oneCategory')}
              <Icon name="chevronDown" size={20} className="icon switch-card__marker" />
            </summary>
            <ChoiceForm
              bare
              resource="PREMIUM_BARRING"
              title={t('settings:line.premium.title')}
              intro={t('settings:line.premium.oneCategoryIntro')}
              current={line.settings.premiumBarring}
              options={options.filter((option) => option.value !== 'all')}
              data={data}
              line={line}
              editable
              submitLabel={t('settings:line.premium.save')}
            />
          </details>
        )
      }
    </SwitchCard>
  );
};

/** Roaming, throttling, premium and international blocking of a line (docs/product/settings.md), one card each. */
export const LineNetwork = ({ data, line, editable }: CardProps) => {
  const { t } = useTranslation(['settings']);
  return (
    <div className="settings-grid settings-grid--two">
      <RoamingCard data={data} line={line} editable={editable} />
      <PremiumCard data={data} line={line} editable={editable} />
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
  );
};
