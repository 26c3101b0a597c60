import type { MutationDeclaration } from './mutation.ts';

/*
 * Where the outbox finds the declaration of a stored change's type. Declarations live with their feature, one per
 * file named after the type (`src/features/<area>/data/<type>.mutation.ts`, exporting `mutation`). Each file is
 * its own lazy chunk: nothing of a feature loads at start-up or on the login route; a type's file loads when a
 * change of that type is enqueued (the feature imports it), settled, retried, discarded, or re-applied over a
 * pull, and when the pending-changes panel names it. Offline: the chunks are precached like every other.
 */

const suffix = '.mutation.ts';
const files = import.meta.glob<MutationDeclaration>('/src/features/*/data/*.mutation.ts', { import: 'mutation' });

/** The type a declaration file holds: its name without the suffix. */
export const typeOfFile = (path: string): string => path.slice(path.lastIndexOf('/') + 1, -suffix.length);

const loaders = new Map<string, { path: string; load: () => Promise<MutationDeclaration> }>();
for (const [path, load] of Object.entries(files)) {
  const type = typeOfFile(path);
  const other = loaders.get(type);
  // Stored rows name their type: two features may not claim the same name.
  if (other) throw new Error(`two queued change types named "${type}": ${other.path} and ${path}`);
  loaders.set(type, { path, load });
}

const loaded = new Map<string, MutationDeclaration>();

/** Make a declaration known (the outbox does it on enqueue; tests declare types without a file). */
export const registerMutation = (mutation: MutationDeclaration): void => {
  const known = loaded.get(mutation.type);
  if (known && known !== mutation) throw new Error(`queued change type "${mutation.type}" declared twice`);
  loaded.set(mutation.type, mutation);
};

/** A type this build knows: declared in a file or registered. Rows of other types (an older build's) are left alone. */
export const isKnownMutationType = (type: string): boolean => loaded.has(type) || loaders.has(type);

/** The declaration if it is loaded already: what code inside a Dexie transaction may use (it cannot await a chunk). */
export const loadedMutation = (type: string): MutationDeclaration | undefined => loaded.get(type);

/** The declaration of a type, loading its file the first time; undefined for a type this build does not know. */
export const loadMutation = async (type: string): Promise<MutationDeclaration | undefined> => {
  const ready = loaded.get(type);
  if (ready) return ready;
  const file = loaders.get(type);
  if (!file) return undefined;
  const mutation = await file.load();
  if (mutation.type !== type) throw new Error(`${file.path} declares type "${mutation.type}", not "${type}"`);
  registerMutation(mutation);
  return mutation;
};

/** Like loadMutation, for a row that must be settled: an unknown type is an error there. */
export const requireMutation = async (type: string): Promise<MutationDeclaration> => {
  const mutation = await loadMutation(type);
  if (!mutation) throw new Error(`no queued change type "${type}" in this build`);
  return mutation;
};

/** The translation key that names a type in the pending-changes panel, or null for a type this build does not know. */
export const mutationLabel = async (type: string): Promise<string | null> => (await loadMutation(type))?.label ?? null;

/**
 * The declaration files of this build, by type (a unit test checks each one).
 * @internal Exported for its tests (knip --production).
 */
export const mutationFiles = (): ReadonlyMap<string, string> => new Map([...loaders].map(([type, file]) => [type, file.path]));
