/** Turnover in baht: what counts so far and what a withdrawal needs. */
export interface TurnoverFigures {
  now: number;
  needed: number;
}

interface TurnoverSources {
  /** The member's BonusInfo from the refresh call (undefined until it answers). */
  bonus: { bonusId: string | null; nowTurnover: number; needTurnover: number } | undefined;
  /** `GET /rolling-composite/v1/get-rolling` when it answered. */
  rolling: { nowTurnover: number; needTurnover: number } | undefined;
  /** The turnover the game wallet call reports, when it answered. */
  gameWallet: TurnoverFigures | undefined;
}

/**
 * The turnover the member card shows (spec dialog 1): what a withdrawal waits for, i.e. every
 * active requirement at once (the promotion grant's target and the wagering requirements on moved
 * affiliate income, docs/adr/0011). get-rolling and the game wallet call both report that; an
 * active grant's BonusInfo (its own progress only) is the last resort. Null: nothing answered yet.
 */
export function shownTurnover({ bonus, rolling, gameWallet }: TurnoverSources): TurnoverFigures | null {
  if (rolling) return { now: rolling.nowTurnover, needed: rolling.needTurnover };
  if (gameWallet) return gameWallet;
  const isGrantActive = Boolean(bonus?.bonusId) && (bonus?.needTurnover ?? 0) > 0;
  return bonus && isGrantActive ? { now: bonus.nowTurnover, needed: bonus.needTurnover } : null;
}
