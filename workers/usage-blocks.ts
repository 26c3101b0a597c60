import type { AppDatabase, UsageBlockRow } from '#db/schema';
import type { UsageRecordRow } from './usage-core.ts';

/*
 * Usage records are stored per contract and UTC hour (`usageBlocks`, see src/db/schema.ts for why). This module
 * is the only one that knows the layout: the records pull merges rows into blocks, the usage worker scans them
 * back in time order. Plain functions over a Dexie database (the callers own the transactions); offline-safe.
 */

export const blockMs = 3_600_000;

export const blockStartOf = (eventTime: number): number => Math.floor(eventTime / blockMs) * blockMs;

/** Time order, ties by id: the order the rows of a block are kept in (and the order a scan delivers). */
export const compareRecords = (a: UsageRecordRow, b: UsageRecordRow): number =>
  a.eventTime - b.eventTime || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

export type BlockGroup = { contractId: number; blockStart: number; records: UsageRecordRow[] };

/** Rows grouped by contract and hour, in the order the hours are first met. Rows without a valid time are dropped. */
export const groupIntoBlocks = (rows: readonly UsageRecordRow[]): BlockGroup[] => {
  const groups = new Map<string, BlockGroup>();
  let last: BlockGroup | null = null;
  for (const row of rows) {
    if (!Number.isFinite(row.eventTime)) continue;
    const blockStart = blockStartOf(row.eventTime);
    if (!last || last.blockStart !== blockStart || last.contractId !== row.contractId) {
      const key: string = `${row.contractId}:${blockStart}`;
      last = groups.get(key) ?? null;
      if (!last) {
        last = { contractId: row.contractId, blockStart, records: [] };
        groups.set(key, last);
      }
    }
    last.records.push(row);
  }
  return [...groups.values()];
};

/** A block's rows after adding `incoming`: one row per id (the incoming one wins), in time order. */
export const mergeRecords = (existing: readonly UsageRecordRow[] | undefined, incoming: readonly UsageRecordRow[]): UsageRecordRow[] => {
  const byId = new Map<string, UsageRecordRow>();
  if (existing) for (const row of existing) byId.set(row.id, row);
  for (const row of incoming) byId.set(row.id, row);
  return [...byId.values()].sort(compareRecords);
};

/**
 * Merge groups into their stored blocks: one read of the blocks concerned, one write. Must run inside a Dexie
 * transaction that includes `usageBlocks` so that no other write slips between the read and the write.
 */
export const mergeIntoBlocks = async (db: AppDatabase, groups: readonly BlockGroup[]): Promise<void> => {
  if (groups.length === 0) return;
  const stored = await db.usageBlocks.bulkGet(groups.map((g) => [g.contractId, g.blockStart] as [number, number]));
  const rows: UsageBlockRow[] = groups.map((group, i) => {
    const records = mergeRecords(stored[i]?.records, group.records);
    return { contractId: group.contractId, blockStart: group.blockStart, count: records.length, records };
  });
  await db.usageBlocks.bulkPut(rows);
};

/**
 * Writes rows (in their own transaction): what tests and one-off writes use.
 * @internal Exported for its tests (knip --production).
 */
export const putRecords = (db: AppDatabase, rows: readonly UsageRecordRow[]): Promise<void> =>
  db.transaction('rw', db.usageBlocks, () => mergeIntoBlocks(db, groupIntoBlocks(rows)));

/** Blocks read per IndexedDB request while scanning (a heavy hour holds a few hundred records). */
export const blocksPerRead = 48;

/**
 * Every record of a contract in [from, to] (epoch ms, inclusive), oldest first, delivered in pages of at most
 * `pageSize` rows. Keyset paging on the block key: each read starts after the last block delivered.
 */
export const scanRecords = async (
  db: AppDatabase,
  contractId: number,
  from: number,
  to: number,
  onPage: (rows: UsageRecordRow[]) => void,
  pageSize = 5000,
): Promise<number> => {
  if (!(to >= from)) return 0;
  let lower = blockStartOf(from);
  let total = 0;
  let page: UsageRecordRow[] = [];
  for (;;) {
    const blocks = await db.usageBlocks
      .where('[contractId+blockStart]')
      .between([contractId, lower], [contractId, to], true, true)
      .limit(blocksPerRead)
      .toArray();
    for (const block of blocks) {
      for (const row of block.records) {
        if (row.eventTime < from || row.eventTime > to) continue;
        page.push(row);
        if (page.length === pageSize) {
          onPage(page);
          total += page.length;
          page = [];
        }
      }
    }
    if (blocks.length < blocksPerRead) break;
    lower = blocks[blocks.length - 1]!.blockStart + 1;
  }
  if (page.length > 0) {
    onPage(page);
    total += page.length;
  }
  return total;
};

/** How many records are stored (all contracts). Reads every block: for the rare quota path only. */
export const countRecords = async (db: AppDatabase): Promise<number> => {
  let total = 0;
  await db.usageBlocks.each((block) => {
    total += block.count;
  });
  return total;
};
