import { QRCodeSVG } from 'qrcode.react';

/** A link as a QR code, to open it on a phone; loaded only when asked for. */
export function QrImage({ url, label }: { url: string; label: string }) {
  return (
    <div role="img" aria-label={label}>
      <QRCodeSVG value={url} size={168} marginSize={2} />
    </div>
  );
}
