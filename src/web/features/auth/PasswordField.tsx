import { Field, TextInput } from '@web/ui/form';

/** A labelled password input with its error; `autoComplete` tells password managers which password it asks for. */
export function PasswordField(props: {
  label: string;
  name: string;
  autoComplete: 'current-password' | 'new-password';
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  return (
    <Field label={props.label} error={props.error}>
      {(id) => (
        <TextInput
          id={id}
          name={props.name}
          type="password"
          autoComplete={props.autoComplete}
          invalid={!!props.error}
          value={props.value}
          onChange={(e) => props.onChange(e.target.value)}
        />
      )}
    </Field>
  );
}
