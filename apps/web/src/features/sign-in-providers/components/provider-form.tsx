import {
  type SignInProvider,
  type SignInProviderInput,
  signInProviderInputSchema,
} from '@hackclass/contracts';
import { Fieldset, PasswordInput, Stack, Switch, TagsInput, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { FormAlert } from '@/components/feedback/form-alert';
import { FormActions } from '@/components/form/form-actions';
import { messages } from '@/config/messages';
import { isApiError, isNetworkError } from '@/lib/errors';
import {
  type ProviderField,
  type ProviderFormValues,
  providerApiErrors,
  providerFormErrors,
  providerFormValues,
  toProviderInput,
} from '../utils/provider-form';
import { RedirectUriField } from './redirect-uri-field';

/** The fields top to bottom: a failed check focuses the first one it names. */
const LAYOUT: ProviderField[] = [
  'displayName',
  'id',
  'issuer',
  'clientId',
  'clientSecret',
  'scopes',
  'allowedDomains',
  'schoolAccountsOnly',
  'teacherDomains',
  'teacherClaim',
  'teacherClaimValues',
  'enabled',
];

/** Tags are added with Enter or a comma, and when the field loses focus. */
const tagProps = { splitChars: [',', ' '], clearable: true, acceptValueOnBlur: true };

interface ProviderFormProps {
  /** The provider to edit; `null` adds one. */
  provider: SignInProvider | null;
  /** The ids of the providers there are, which a new one may not take. */
  takenIds: readonly string[];
  pending: boolean;
  onSubmit: (input: SignInProviderInput, onError: (error: unknown) => void) => void;
  onCancel: () => void;
}

/** Every setting of a provider, checked by the contract before it is sent. */
export function ProviderForm({
  provider,
  takenIds,
  pending,
  onSubmit,
  onCancel,
}: ProviderFormProps) {
  const adding = provider === null;
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<ProviderFormValues>({
    initialValues: providerFormValues(provider),
    validate: (values) => providerFormErrors(values, { adding, takenIds }),
  });
  const { values } = form;

  const showError = (error: unknown) => {
    if (isApiError(error)) {
      // The contract's field errors land on their fields; anything else above the form.
      const { fields, rest } = providerApiErrors(error.errors);
      for (const [field, message] of Object.entries(fields)) form.setFieldError(field, message);
      if (Object.keys(fields).length === 0 || rest.length > 0) {
        setFormError(rest.join(' ') || error.detail || error.title);
      }
      return;
    }
    setFormError(
      isNetworkError(error) ? messages.network : 'Could not save the provider. Please try again.',
    );
  };

  return (
    <form
      noValidate
      aria-label={adding ? 'Add a provider' : `Edit ${provider.displayName}`}
      onSubmit={form.onSubmit(
        (checked) => {
          setFormError(null);
          onSubmit(signInProviderInputSchema.parse(toProviderInput(checked)), showError);
        },
        (errors) => {
          const first = LAYOUT.find((field) => errors[field]);
          if (first) form.getInputNode(first)?.focus();
        },
      )}
    >
      <Stack>
        <FormAlert message={formError} />
        <RedirectUriField />

        <Fieldset legend="Provider">
          <Stack>
            <TextInput
              label="Name on the button"
              description="The sign-in page shows “Continue with” and this name, such as Northside School."
              required
              data-autofocus
              {...form.getInputProps('displayName')}
            />
            <TextInput
              label="Provider id"
              description={
                adding
                  ? 'oidc. and a short name of lower-case letters, digits and dashes, such as oidc.northside. It cannot change later.'
                  : 'Set when the provider was added; it cannot change.'
              }
              required={adding}
              readOnly={!adding}
              variant={adding ? 'default' : 'filled'}
              autoCapitalize="none"
              spellCheck={false}
              {...form.getInputProps('id')}
            />
            <TextInput
              label="Issuer"
              description="The provider’s address, such as https://accounts.google.com. Its settings are read from the issuer followed by /.well-known/openid-configuration."
              required
              type="url"
              spellCheck={false}
              {...form.getInputProps('issuer')}
            />
            <TextInput
              label="Client id"
              description="Of the client (app registration) you made for this server at the provider."
              required
              spellCheck={false}
              {...form.getInputProps('clientId')}
            />
            <PasswordInput
              label="Client secret"
              description={
                adding
                  ? 'Of the same client. It is stored encrypted and never shown again.'
                  : 'Leave empty to keep the current one; it is never shown.'
              }
              placeholder={adding ? undefined : 'Leave empty to keep the current one'}
              required={adding}
              autoComplete="new-password"
              {...form.getInputProps('clientSecret')}
            />
            <TagsInput
              label="Extra scopes"
              description="Asked for besides openid, email and profile, such as groups when a claim below needs it."
              {...tagProps}
              {...form.getInputProps('scopes')}
            />
          </Stack>
        </Fieldset>

        <Fieldset legend="Who may sign in">
          <Stack>
            <TagsInput
              label="Allowed email domains"
              description="Only addresses of exactly these domains may sign in with this provider, such as northside.example. Empty: any domain."
              {...tagProps}
              {...form.getInputProps('allowedDomains')}
            />
            <Switch
              label="School accounts only"
              description="Addresses of the allowed domains may not sign up or sign in with a password: only with this provider."
              {...form.getInputProps('schoolAccountsOnly', { type: 'checkbox' })}
            />
            {values.schoolAccountsOnly && values.allowedDomains.length === 0 && (
              <Text size="sm" c="dimmed">
                This applies to the allowed domains only: add one for it to take effect.
              </Text>
            )}
          </Stack>
        </Fieldset>

        <Fieldset legend="Teachers">
          <Stack>
            <Text size="sm" c="dimmed">
              A new account is a teacher’s when either rule matches (awaiting an admin’s approval if
              this server asks for it), a student’s otherwise.
            </Text>
            <TagsInput
              label="Teacher email domains"
              description="Addresses of these domains become teachers, such as staff.northside.example."
              {...tagProps}
              {...form.getInputProps('teacherDomains')}
            />
            <TextInput
              label="Teacher claim"
              description="A claim of the provider’s ID token that says who teaches, such as groups or roles."
              spellCheck={false}
              {...form.getInputProps('teacherClaim')}
            />
            <TagsInput
              label="Teacher claim values"
              description="Someone whose claim holds one of these values becomes a teacher, such as teachers."
              {...tagProps}
              splitChars={[',']}
              {...form.getInputProps('teacherClaimValues')}
            />
          </Stack>
        </Fieldset>

        <Switch
          label="Enabled"
          description="Shows the button on the sign-in page. Off hides it and stops sign-in with this provider; the settings stay."
          {...form.getInputProps('enabled', { type: 'checkbox' })}
        />
        <FormActions
          submitLabel={adding ? 'Add provider' : 'Save changes'}
          pending={pending}
          onCancel={onCancel}
        />
      </Stack>
    </form>
  );
}
