import { useState } from 'react';

interface BankLogoProps {
  logoUrl: string | null | undefined;
  shortName: string;
  color: string;
  className?: string;
}

/** A bank's round logo; if the image cannot load, its initials on the brand colour. */
export function BankLogo({ logoUrl, shortName, color, className = 'size-10' }: BankLogoProps) {
  const [failed, setFailed] = useState(false);
  if (!logoUrl || failed) {
    return (
      <span
        className={`${className} inline-flex shrink-0 items-center justify-center rounded-full text-[10px] font-bold text-white`}
        style={{ backgroundColor: color }}
        aria-hidden="true"
      >
        {shortName.slice(0, 4)}
      </span>
    );
  }
  return (
    <img
      src={logoUrl}
      alt=""
      className={`${className} shrink-0 rounded-full bg-white object-contain`}
      style={{ backgroundColor: color }}
      onError={() => setFailed(true)}
      loading="lazy"
      decoding="async"
      // The served size (apps/web/scripts/make-images.ts): the box is known before the image arrives.
      width={96}
      height={96}
    />
  );
}
