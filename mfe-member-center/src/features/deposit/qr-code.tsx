import { lazy, Suspense } from 'react';
import styles from './deposit.module.css';

// The QR drawing code (qrcode.react, the one the shell's app-download QR uses) is fetched when a
// code is first shown, not with the page.
const QRCodeSVG = lazy(() => import(/* webpackChunkName: "qrcode" */ 'qrcode.react').then((module) => ({ default: module.QRCodeSVG })));

/** A QR code of `value`; an empty square of its size until the drawing code is there. */
export function QrCode({ value, size, label }: { value: string; size: number; label: string }) {
  return (
    <div className={styles.qr} style={{ width: size, height: size }} role="img" aria-label={label} data-testid="deposit-qr" data-value={value}>
      <Suspense fallback={null}>
        <QRCodeSVG value={value} size={size} marginSize={2} />
      </Suspense>
    </div>
  );
}
