import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { endpoints } from '#contract/endpoints';
import type { MutationDeclaration } from '#sync/outbox/mutation';
import {
  isKnownMutationType,
  loadMutation,
  loadedMutation,
  mutationFiles,
  mutationLabel,
  registerMutation,
  requireMutation,
  typeOfFile,
} from '#sync/outbox/registry';

/*
 * The registry (src/sync/outbox/registry.ts): a queued change's type is declared in a feature's data/ folder, in
 * a file named after the type, and found by that name. These tests hold every declaration of the build to the
 * convention, so that a new feature's mistake fails here rather than in a user's replay.
 */

const lookUp = (key: string, tree: unknown): unknown =>
  key
    .split('.')
    .reduce<unknown>(
      (node, part) => (node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined),
      tree,
    );

const translation = (language: string, label: string): unknown => {
  const [namespace, key] = label.split(':') as [string, string];
  const file = new URL(`../../../locales/${language}/${namespace}.json`, import.meta.url);
  return fs.existsSync(file) ? lookUp(key, JSON.parse(fs.readFileSync(file, 'utf8'))) : undefined;
};

describe('typeOfFile', () => {
  it.each([
    ['/src/features/settings/data/contact.mutation.ts', 'contact'],
    ['/src/features/auth/data/language.mutation.ts', 'language'],
    ['/src/features/invoices/data/payment-method.mutation.ts', 'payment-method'],
  ])('%s → %s', (path, type) => {
    expect(typeOfFile(path)).toBe(type);
  });
});

describe('every declaration of this build', () => {
  const files = [...mutationFiles()];

  it('includes the changes the app queues today', () => {
    expect(files.map(([type]) => type).sort()).toEqual(expect.arrayContaining(['contact', 'language']));
  });

  it.each(files)('%s (%s): declares its own type, a queued endpoint, and a name in fr, nl and en', async (type) => {
    const mutation = await requireMutation(type);
    expect(mutation.type).toBe(type);
    expect(endpoints[mutation.endpoint]).toMatchObject({ queued: true });
    expect(mutation.label).toMatch(/^[a-z]+:[\w.]+$/);
    for (const language of ['fr', 'nl', 'en'])
      expect(typeof translation(language, mutation.label), `${language} ${mutation.label}`).toBe('string');
    expect(await mutationLabel(type)).toBe(mutation.label);
    expect(loadedMutation(type)).toBe(mutation);
  });
});

describe('types this build does not know', () => {
  it('are reported as unknown, not loaded, and refused where a change must be settled', async () => {
    expect(isKnownMutationType('from-a-newer-build')).toBe(false);
    expect(await loadMutation('from-a-newer-build')).toBeUndefined();
    expect(await mutationLabel('from-a-newer-build')).toBeNull();
    await expect(requireMutation('from-a-newer-build')).rejects.toThrow('no queued change type "from-a-newer-build"');
  });

  it('a type declared in code (without a file) is known once registered, and cannot be declared twice', () => {
    const declaration = (): MutationDeclaration => ({
      type: 'test-only',
      label: 'common:pending.types.other',
      endpoint: 'patchContact',
      tables: () => [],
      apply: () => Promise.resolve(null),
      rollback: () => Promise.resolve(),
    });
    const first = declaration();
    registerMutation(first);
    expect(isKnownMutationType('test-only')).toBe(true);
    expect(() => registerMutation(first)).not.toThrow();
    expect(() => registerMutation(declaration())).toThrow('queued change type "test-only" declared twice');
  });
});
