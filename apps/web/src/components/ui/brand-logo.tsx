import { useState } from 'react';

/** The operator's logo from settings, or its name in gold while settings load or if the image fails. */
export function BrandLogo({ logoUrl, siteName, className = 'h-9' }: { logoUrl?: string | null; siteName: string; className?: string }) {
  const [failed, setFailed] = useState(false);
  if (logoUrl && !failed) {
    return <img src={logoUrl} alt={siteName} className={`${className} w-auto max-w-[9rem] object-contain`} onError={() => setFailed(true)} />;
  }
  return <span className="text-gold-gradient text-xl font-extrabold tracking-wide">{siteName}</span>;
}
