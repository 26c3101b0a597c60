import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EPC_ERROR_CORRECTION } from '#contract/payment-qr';

/** The modules of a QR code as one SVG path of 1×1 squares, inside a quiet zone of 4 modules (the standard's). */
const QUIET_ZONE = 4;

type Drawn = { payload: string; size: number; path: string };

/**
 * The EPC payment QR code of a transfer, drawn as an SVG (sharp at any size, printable, no canvas). The QR
 * library loads only when a code is shown: the bills screen does not pay for it otherwise.
 */
export const PaymentQrCode = ({ payload, label }: { payload: string; label: string }) => {
  const { t } = useTranslation('invoices');
  const [drawn, setDrawn] = useState<Drawn | 'error' | null>(null);

  useEffect(() => {
    let live = true;
    import('qrcode')
      .then(({ create }) => {
        const { modules } = create(payload, { errorCorrectionLevel: EPC_ERROR_CORRECTION });
        let path = '';
        for (let row = 0; row < modules.size; row++) {
          for (let col = 0; col < modules.size; col++) {
            if (modules.get(row, col)) path += `M${col + QUIET_ZONE} ${row + QUIET_ZONE}h1v1h-1z`;
          }
        }
        if (live) setDrawn({ payload, size: modules.size + 2 * QUIET_ZONE, path });
      })
      .catch(() => {
        if (live) setDrawn('error');
      });
    return () => {
      live = false;
    };
  }, [payload]);

  if (drawn === 'error') return <p className="muted">{t('pay.qrError')}</p>;
  if (drawn === null || drawn.payload !== payload) {
    return (
      <div className="qr-code qr-code--loading" role="status">
        {t('pay.qrLoading')}
      </div>
    );
  }
  return (
    <svg className="qr-code" role="img" aria-label={label} viewBox={`0 0 ${drawn.size} ${drawn.size}`} shapeRendering="crispEdges">
      <rect width={drawn.size} height={drawn.size} fill="#fff" />
      <path d={drawn.path} fill="#000" />
    </svg>
  );
};
