import QRCodeLibrary from 'qrcode';
import { useEffect, useState } from 'react';

/** Spec §5 QR rule: error correction L, M, Q or H (default H); default size 256. */
export type QrErrorCorrection = 'L' | 'M' | 'Q' | 'H';

interface QRCodeProps {
  value: string;
  errorCorrection?: QrErrorCorrection;
  /** Width and height in CSS pixels. */
  size?: number;
  /** Accessible name of the image. */
  label: string;
  testId?: string;
}

/**
 * A QR code drawn as SVG (sharp at any zoom), dark on white with the standard quiet zone so banking
 * apps read it from a screen.
 */
export function QRCode({ value, errorCorrection = 'H', size = 256, label, testId }: QRCodeProps) {
  const [rendered, setRendered] = useState<{ key: string; src: string } | null>(null);
  const key = `${errorCorrection}:${value}`;

  useEffect(() => {
    let isCurrent = true;
    QRCodeLibrary.toString(value, { type: 'svg', errorCorrectionLevel: errorCorrection, margin: 4, color: { dark: '#000000', light: '#ffffff' } })
      .then((svg) => {
        if (isCurrent) setRendered({ key: `${errorCorrection}:${value}`, src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` });
      })
      .catch(() => {
        if (isCurrent) setRendered(null);
      });
    return () => {
      isCurrent = false;
    };
  }, [value, errorCorrection]);

  const src = rendered?.key === key ? rendered.src : null;
  return (
    <div className="mx-auto overflow-hidden rounded-xl bg-white" style={{ width: size, maxWidth: '100%', aspectRatio: '1 / 1' }}>
      {src ? (
        <img src={src} alt={label} width={size} height={size} className="block size-full" data-testid={testId} />
      ) : (
        <span className="block size-full animate-pulse bg-slate-200" role="img" aria-label={label} />
      )}
    </div>
  );
}
