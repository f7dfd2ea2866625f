/** What a visitor did to a prerendered page's form before the app took the page over. */
export interface TypedInput {
  fields: TypedField[];
  /** The index of the form the visitor sent, held by the page's script, if any. */
  sentForm: number | undefined;
}

interface TypedField {
  name: string;
  value: string;
  checked: boolean;
  focused: boolean;
  selection: [number, number] | undefined;
}

const namedFields = (container: Element) =>
  [...container.querySelectorAll<HTMLInputElement>('input[name]')].filter(
    (input) => input.type !== 'hidden',
  );

/** The named fields of the prerendered page in `container`, as the visitor left them. */
export function readTypedInput(container: Element): TypedInput {
  const forms = [...container.querySelectorAll('form')];
  const sent = forms.findIndex((form) => form.hasAttribute('data-submitted'));
  return {
    fields: namedFields(container).map((input) => ({
      name: input.name,
      value: input.value,
      checked: input.checked,
      focused: document.activeElement === input,
      selection: selectionOf(input),
    })),
    sentForm: sent === -1 ? undefined : sent,
  };
}

/** Text fields of some types (email) have no selection to read or set. */
function selectionOf(input: HTMLInputElement): [number, number] | undefined {
  try {
    const { selectionStart, selectionEnd } = input;
    return selectionStart === null || selectionEnd === null
      ? undefined
      : [selectionStart, selectionEnd];
  } catch {
    return undefined;
  }
}

const setNativeValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;

/**
 * Puts what the visitor typed into the app's own fields of the same names, as typing would (the
 * app's forms hear an input event), gives focus back where it was and sends the form the visitor
 * sent. Run once the app has rendered the page in `container`.
 */
export function restoreTypedInput(container: Element, { fields, sentForm }: TypedInput): void {
  const byName = new Map(namedFields(container).map((input) => [input.name, input]));
  for (const field of fields) {
    const input = byName.get(field.name);
    if (!input) continue;
    if (input.type === 'checkbox' || input.type === 'radio') {
      if (input.checked !== field.checked) input.click();
    } else if (input.value !== field.value) {
      setNativeValue?.call(input, field.value);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    }
    if (field.focused) {
      input.focus();
      if (field.selection) {
        try {
          input.setSelectionRange(...field.selection);
        } catch {}
      }
    }
  }
  if (sentForm !== undefined) container.querySelectorAll('form')[sentForm]?.requestSubmit();
}
