// @vitest-environment jsdom
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { useForm, type UseFormGetValues } from 'react-hook-form';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyHandoff, readHandoff, watchPrerendered } from '#app/prerendered-handoff.ts';

/*
 * The app renders over the prerendered login page: what the user typed there before the app ran reaches the app's
 * form state (uncontrolled fields, as the native login form has them; react-hook-form's register here, which reads
 * its fields the same way), and the focus stays in its field.
 */

type Values = { login: string; password: string };

const prerendered = `
  <form>
    <select name="language"><option value="fr" selected>Français</option><option value="nl">Nederlands</option></select>
    <input name="login" value="" />
    <input name="password" type="password" />
    <input name="remember" type="checkbox" />
  </form>`;

let root: Root | null = null;
afterEach(() => {
  root?.unmount();
  root = null;
  document.body.innerHTML = '';
});

const App = ({ expose, onLanguage }: { expose: (get: UseFormGetValues<Values>) => void; onLanguage: (lang: string) => void }) => {
  const { register, getValues } = useForm<Values>({ defaultValues: { login: '', password: '' } });
  expose(getValues);
  return (
    <form>
      <select name="language" value="fr" onChange={(event) => onLanguage(event.target.value)}>
        <option value="fr">Français</option>
        <option value="nl">Nederlands</option>
      </select>
      <input {...register('login')} />
      <input type="password" {...register('password')} />
      <input name="remember" type="checkbox" />
    </form>
  );
};

/** The prerendered page, what the user does in it, then the app's render and the hand-over. */
const takeOver = (userActs: (container: HTMLElement) => void) => {
  const container = document.createElement('div');
  container.innerHTML = prerendered;
  document.body.append(container);
  userActs(container);
  const handoff = readHandoff(container, document.activeElement);
  let getValues: UseFormGetValues<Values> | null = null;
  const onLanguage = vi.fn<(lang: string) => void>();
  root = createRoot(container);
  flushSync(() =>
    root!.render(
      <App
        expose={(get) => {
          getValues = get;
        }}
        onLanguage={onLanguage}
      />,
    ),
  );
  applyHandoff(container, handoff);
  return { container, handoff, values: () => getValues!(), onLanguage };
};

const field = (container: HTMLElement, name: string) => container.querySelector<HTMLInputElement>(`[name="${name}"]`)!;

describe('hand-over from the prerendered page', () => {
  it('carries typed text into the form state and keeps the focus and caret', () => {
    const { container, values } = takeOver((page) => {
      field(page, 'login').value = 'MT00000001';
      const password = field(page, 'password');
      password.value = 'Demo!20';
      password.focus();
      password.setSelectionRange(3, 3);
    });
    expect(values()).toEqual({ login: 'MT00000001', password: 'Demo!20' });
    expect(field(container, 'login').value).toBe('MT00000001');
    expect(document.activeElement).toBe(field(container, 'password'));
    expect(field(container, 'password').selectionStart).toBe(3);
    // The prerendered nodes are gone: the app's own DOM is in place.
    expect(container.querySelectorAll('form')).toHaveLength(1);
  });

  it('carries a choice made in a select through its change event', () => {
    const { onLanguage } = takeOver((page) => {
      page.querySelector<HTMLSelectElement>('select')!.value = 'nl';
    });
    expect(onLanguage).toHaveBeenCalledWith('nl');
  });

  it('carries nothing when the user did nothing', () => {
    const { handoff, values, onLanguage } = takeOver(() => undefined);
    expect(handoff).toEqual({ values: [], focus: null });
    expect(values()).toEqual({ login: '', password: '' });
    expect(onLanguage).not.toHaveBeenCalled();
  });

  it('reads what was typed while the app rendered, from the replaced nodes, with the focused field', () => {
    const container = document.createElement('div');
    container.innerHTML = prerendered;
    document.body.append(container);
    const watch = watchPrerendered(container);
    // Typed after the app started rendering, before its commit.
    field(container, 'login').value = 'MT0000000';
    field(container, 'login').focus();
    root = createRoot(container);
    flushSync(() => root!.render(<App expose={() => undefined} onLanguage={() => undefined} />));
    const handoff = watch.take();
    expect(handoff).toEqual({ values: [{ name: 'login', value: 'MT0000000' }], focus: { name: 'login', selection: [9, 9] } });
    applyHandoff(container, handoff);
    expect(document.activeElement).toBe(field(container, 'login'));
  });

  it('gives no focus back to a field the user left before the app took over', async () => {
    const container = document.createElement('div');
    container.innerHTML = prerendered;
    document.body.append(container);
    const watch = watchPrerendered(container);
    field(container, 'login').focus();
    field(container, 'login').blur();
    // The app's commit comes in a later task than the user's tap.
    await Promise.resolve();
    root = createRoot(container);
    flushSync(() => root!.render(<App expose={() => undefined} onLanguage={() => undefined} />));
    expect(watch.take().focus).toBeNull();
  });

  it('leaves checkboxes out', () => {
    const { handoff } = takeOver((page) => {
      field(page, 'remember').checked = true;
    });
    expect(handoff.values).toEqual([]);
  });
});
