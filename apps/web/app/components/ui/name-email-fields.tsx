import type { ComponentProps } from "react";
import { Field, type FieldControlProps } from "./field";

/**
 * The name and email fields a form starts with (the contact form and the comment form): labelled,
 * required, filled in by the browser's autofill, each with its error under it. The form keeps its own
 * words (`labels`), its field ids (`idPrefix`-name, -email) and its registration (`control`, from
 * use-schema-form.ts); a form with a shorter name limit passes `nameMaxLength`.
 */
export function NameEmailFields({
  idPrefix,
  labels,
  errors,
  control,
  nameMaxLength,
}: {
  idPrefix: string;
  labels: { name: string; email: string };
  errors: { name?: string | undefined; email?: string | undefined };
  control: (field: "name" | "email", props: FieldControlProps) => ComponentProps<"input">;
  nameMaxLength?: number;
}) {
  return (
    <>
      <Field id={`${idPrefix}-name`} label={labels.name} error={errors.name}>
        {(props) => (
          <input
            className="field__input"
            type="text"
            autoComplete="name"
            maxLength={nameMaxLength}
            required
            {...control("name", props)}
          />
        )}
      </Field>
      <Field id={`${idPrefix}-email`} label={labels.email} error={errors.email}>
        {(props) => (
          <input
            className="field__input"
            type="email"
            inputMode="email"
            autoComplete="email"
            required
            {...control("email", props)}
          />
        )}
      </Field>
    </>
  );
}
