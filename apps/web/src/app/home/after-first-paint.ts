/**
 * Calls `run` once the browser reports the page's first contentful paint (a task after it), or
 * after `fallbackMs` (default FALLBACK_MS) where it reports none. A frame and a task after the
 * first commit was not enough: the paint is presented later, and requests started before it count
 * against it in Lighthouse's estimate. Returns a cancel function.
 */
export function afterFirstContentfulPaint(run: () => void, fallbackMs = FALLBACK_MS): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let observer: PerformanceObserver | undefined;
  const go = () => {
    observer?.disconnect();
    clearTimeout(timer);
    timer = setTimeout(run, 0);
  };
  timer = setTimeout(go, fallbackMs);
  if (typeof PerformanceObserver !== 'undefined' && PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    observer = new PerformanceObserver((list) => {
      if (list.getEntries().some((entry) => entry.name === 'first-contentful-paint')) go();
    });
    observer.observe({ type: 'paint', buffered: true });
  }
  return () => {
    observer?.disconnect();
    clearTimeout(timer);
  };
}

/** The most the member app waits for the paint report (a browser without the Paint Timing API). */
const FALLBACK_MS = 300;

