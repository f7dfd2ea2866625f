import { useForm } from '@mantine/form';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readTypedInput, restoreTypedInput } from './prerendered-fields';

/** A form as the app's are: uncontrolled, its values heard from the fields' events. */
function SignInForm({ onSend }: { onSend: (values: unknown) => void }) {
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: '', password: '', keep: true },
  });
  return (
    <form onSubmit={form.onSubmit(onSend)}>
      <input name="email" key={form.key('email')} {...form.getInputProps('email')} />
      <input
        name="password"
        type="password"
        key={form.key('password')}
        {...form.getInputProps('password')}
      />
      <input
        name="keep"
        type="checkbox"
        key={form.key('keep')}
        {...form.getInputProps('keep', { type: 'checkbox' })}
      />
      <button type="submit">Send</button>
    </form>
  );
}

/** The same form as the build renders it: plain HTML, no app behind it. */
const prerendered = `<form><input name="email" value=""><input name="password" type="password" value="">
  <input name="keep" type="checkbox" checked><button type="submit">Send</button></form>`;

const container = document.createElement('div');
afterEach(() => container.replaceChildren());

function prerender(): HTMLFormElement {
  container.innerHTML = prerendered;
  document.body.append(container);
  return container.querySelector('form') as HTMLFormElement;
}

const field = (name: string) =>
  container.querySelector(`input[name="${name}"]`) as HTMLInputElement;

/** The app takes the page over as main.tsx does, and `onSend` hears what its form sends. */
function takeOver(onSend: (values: unknown) => void) {
  const typed = readTypedInput(container);
  const root = createRoot(container);
  flushSync(() => root.render(<SignInForm onSend={onSend} />));
  restoreTypedInput(container, typed);
  return root;
}

describe('what a visitor typed into a prerendered page', () => {
  it('reaches the app form, and is what it sends', () => {
    prerender();
    field('email').value = 'ada@example.test';
    field('password').value = 'correct horse';
    field('keep').checked = false;
    const onSend = vi.fn();
    const root = takeOver(onSend);
    expect(field('email').value).toBe('ada@example.test');
    container.querySelector('form')?.requestSubmit();
    expect(onSend).toHaveBeenCalledWith(
      { email: 'ada@example.test', password: 'correct horse', keep: false },
      expect.anything(),
    );
    root.unmount();
  });

  it('keeps the focus and the caret where they were', () => {
    prerender();
    field('email').value = 'ada@example';
    field('email').focus();
    field('email').setSelectionRange(3, 3);
    const root = takeOver(vi.fn());
    expect(document.activeElement).toBe(field('email'));
    expect([field('email').selectionStart, field('email').selectionEnd]).toEqual([3, 3]);
    root.unmount();
  });

  it('sends the form the visitor sent before the app ran, and only that', () => {
    const form = prerender();
    field('email').value = 'ada@example.test';
    form.setAttribute('data-submitted', '');
    const onSend = vi.fn();
    const root = takeOver(onSend);
    expect(onSend).toHaveBeenCalledOnce();

    root.unmount();
    prerender();
    const untouched = vi.fn();
    const again = takeOver(untouched);
    expect(untouched).not.toHaveBeenCalled();
    again.unmount();
  });
});
