/** Types of scripts/server-entry.mjs (plain JavaScript, so that it runs before tsx is loaded). */
export type ServerName = 'api' | 'worker' | 'sandbox';
export declare const SERVER_ENTRIES: Record<ServerName, { compiled: string; source: string }>;
export declare function chooseServerEntry(
  name: ServerName,
  repoRoot: string,
  options?: { checkFreshness?: boolean },
): { file: string; isCompiled: boolean; reason: 'compiled' | 'not built' | 'build older than source' };
