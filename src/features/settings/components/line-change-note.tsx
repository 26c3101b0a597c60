import { useTranslation } from 'react-i18next';
import { type roamingTypes, type throttlingTiers, type PremiumBarring } from '#contract/line-settings';
import { formatDateTime, formatMoneyCents } from '#lib/format';
import { Alert } from '#ui/alert';
import { Badge } from '#ui/badge';
import { useOnline } from '#ui/use-online';
import { type ChangeNote } from '../data/line-view.ts';

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
export const ChangeLine = ({ note, resource }: { note: ChangeNote | null; resource: string }) => {
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
