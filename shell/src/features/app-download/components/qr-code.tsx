import { Suspense, lazy, type ComponentProps } from 'react';
import styles from './qr-code.module.css';

// qrcode.react is fetched when a QR code is first drawn, not with the shell.
const QRCodeSVG = lazy(() => import(/* webpackChunkName: "qrcode" */ 'qrcode.react').then((module) => ({ default: module.QRCodeSVG })));

export type QrCodeProps = ComponentProps<typeof QRCodeSVG> & { size: number };

/** A QR code (SVG) of `value`; until its drawing code has loaded, an empty square of its size. */
export function QrCode(props: QrCodeProps) {
  return (
    <Suspense fallback={<span className={styles.pending} data-size={props.size} aria-hidden="true" style={{ width: props.size, height: props.size }} />}>
      <QRCodeSVG {...props} />
    </Suspense>
  );
}
