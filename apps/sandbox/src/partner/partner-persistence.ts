import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { z } from 'zod';
import { appendRecord, createEmptyState, type PartnerState } from './partner-state.ts';

/** Longest a change waits before it is on disk (the brief: ≤ 200 ms). */
export const PERSIST_DEBOUNCE_MS = 100;

const FILE_VERSION = 1;
const satang = z.string().regex(/^-?\d{1,20}$/);

const fileSchema = z.object({
  version: z.literal(FILE_VERSION),
  members: z.array(z.object({ username: z.string(), password: z.string(), balanceSatang: satang, createdAt: z.string() })),
  transfers: z.array(
    z.object({
      reference: z.string(),
      username: z.string(),
      direction: z.enum(['in', 'out']),
      amountKey: z.string(),
      outcome: z.union([
        z.object({ status: z.literal('succeeded'), balanceAfterSatang: satang }),
        z.object({ status: z.literal('failed'), reason: z.enum(['INSUFFICIENT_BALANCE', 'MEMBER_NOT_FOUND', 'INVALID_AMOUNT']) }),
      ]),
      at: z.string(),
      // Optional, so files written before the apply_twice fault still load as version 1.
      appliedTimes: z.literal(2).optional(),
    }),
  ),
  records: z.array(
    z.object({
      roundId: z.string(),
      username: z.string(),
      gameCode: z.string(),
      stakeSatang: satang,
      payoutSatang: satang,
      result: z.enum(['win', 'loss', 'draw']),
      status: z.enum(['settled', 'cancelled', 'refunded']),
      settledAt: z.string(),
    }),
  ),
});

/**
 * Reads the state written by a previous run; a missing file is an empty state.
 * @throws Error when the file exists but is not a state file (never silently start from zero:
 *   the partner balances must stay consistent with Sabai's ledger).
 */
export async function loadState(file: string): Promise<PartnerState> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return createEmptyState();
    throw error;
  }
  const parsed = fileSchema.safeParse(JSON.parse(text));
  if (!parsed.success) throw new Error(`partner data file ${file} is not a version ${FILE_VERSION} state file: ${parsed.error.message}`);
  const state = createEmptyState();
  for (const member of parsed.data.members) state.members.set(member.username, { ...member, balanceSatang: BigInt(member.balanceSatang) });
  for (const transfer of parsed.data.transfers) {
    const outcome =
      transfer.outcome.status === 'succeeded'
        ? { status: 'succeeded' as const, balanceAfterSatang: BigInt(transfer.outcome.balanceAfterSatang) }
        : transfer.outcome;
    state.transfers.set(transfer.reference, { ...transfer, outcome });
  }
  for (const record of parsed.data.records) {
    appendRecord(state, { ...record, stakeSatang: BigInt(record.stakeSatang), payoutSatang: BigInt(record.payoutSatang) });
  }
  return state;
}

function serialize(state: PartnerState): string {
  const members = [...state.members.values()].map((member) => ({ ...member, balanceSatang: member.balanceSatang.toString() }));
  const transfers = [...state.transfers.values()].map((transfer) => ({
    ...transfer,
    outcome:
      transfer.outcome.status === 'succeeded'
        ? { status: transfer.outcome.status, balanceAfterSatang: transfer.outcome.balanceAfterSatang.toString() }
        : transfer.outcome,
  }));
  const records = state.records.map(({ sequence: _sequence, ...record }) => ({
    ...record,
    stakeSatang: record.stakeSatang.toString(),
    payoutSatang: record.payoutSatang.toString(),
  }));
  return JSON.stringify({ version: FILE_VERSION, members, transfers, records });
}

/**
 * Writes the state to `file` at most PERSIST_DEBOUNCE_MS after a change, atomically (a temporary
 * file in the same directory, then rename), one write at a time. `flush` writes now (close).
 * A failed write is reported to `onError` and retried with the next change.
 */
export class StateWriter {
  readonly #file: string;
  readonly #state: PartnerState;
  readonly #onError: (error: unknown) => void;
  #timer: NodeJS.Timeout | undefined;
  #writing: Promise<void> = Promise.resolve();

  constructor(options: { file: string; state: PartnerState; onError: (error: unknown) => void }) {
    this.#file = options.file;
    this.#state = options.state;
    this.#onError = options.onError;
  }

  /** Call after every change. */
  schedule(): void {
    if (this.#timer) return;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      void this.#write();
    }, PERSIST_DEBOUNCE_MS);
  }

  async flush(): Promise<void> {
    if (this.#timer) {
      clearTimeout(this.#timer);
      this.#timer = undefined;
      await this.#write();
    }
    await this.#writing;
  }

  #write(): Promise<void> {
    // Serialize now (the snapshot), write after the previous write: the last write always wins.
    const text = serialize(this.#state);
    this.#writing = this.#writing
      .then(async () => {
        const temporary = `${this.#file}.${process.pid}.tmp`;
        await mkdir(dirname(this.#file), { recursive: true });
        await writeFile(temporary, text, 'utf8');
        await rename(temporary, this.#file);
      })
      .catch(this.#onError);
    return this.#writing;
  }
}
