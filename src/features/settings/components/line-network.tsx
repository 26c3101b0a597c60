import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { blockedCategories, premiumBarrings, roamingTypes, throttlingTiers, type SettingResource } from '#contract/line-settings';
import { paths } from '#lib/route-paths';
import { Alert } from '#ui/alert';
import { Button } from '#ui/button';
import { requestSettingChange } from '../data/line-setting.mutation.ts';
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
};

/** One setting as a group of choices and an explicit "apply" (a roaming change is not to be made by a stray tap). */
const ChoiceForm = ({ resource, title, intro, current, options, data, line, editable, submitLabel, more }: ChoiceFormProps) => {
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
      <div className="card">
        <dl className="facts">
          <dt>{title}</dt>
          <dd>{currentLabel}</dd>
        </dl>
        <ChangeLine note={note} resource={resource} />
      </div>
    );
  }
  return (
    <form className="card" onSubmit={(event) => void submit(event)}>
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
      <ChangeLine note={note} resource={resource} />
      {unchanged ? <Alert tone="info">{t('line.unchanged')}</Alert> : null}
      <Button type="submit" variant="secondary">
        {submitLabel}
      </Button>
    </form>
  );
};

/** Roaming, throttling, premium and international blocking of a line (docs/product/settings.md), one form each. */
export const LineNetwork = ({ data, line, editable }: { data: SettingsPageData; line: LineSettingsRow; editable: boolean }) => {
  const { t, i18n } = useTranslation(['settings']);
  return (
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
        more={
          <p>
            <Link to={paths.travelMain}>{t('settings:line.roaming.guide')}</Link>
          </p>
        }
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
  );
};
