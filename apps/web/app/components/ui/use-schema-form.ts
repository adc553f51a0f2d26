import type { FormEvent } from "react";
import {
  useForm,
  type DefaultValues,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormRegisterReturn,
} from "react-hook-form";
import { useMessages } from "../../i18n/messages";
import { ApiError, serverFieldText } from "../../lib/api-client";
import type { FieldControlProps } from "./field";
import { useTypedBeforeHydration } from "./island";

/**
 * A React Hook Form form validated by a shared schema, the way the contact and comment forms behave:
 * checked on submit, then each field again when it is left; a field's error goes as soon as it is edited;
 * focus moves once to the first invalid field (`focusFirstInvalid`), in the form's order, whether the
 * browser or the server found it; whatever was typed before the island's code arrived is kept.
 */
export function useSchemaForm<Input extends FieldValues, Output, Field extends Path<Input>>({
  resolver,
  fields,
  empty,
  extra,
}: {
  /** `schemaResolver(schema, messages)` of the shared schema the API runs too (schema-resolver.ts). */
  resolver: Resolver<Input, unknown, Output>;
  /** The visible fields in the form's order: the order in which focus looks for an invalid one. */
  fields: readonly Field[];
  /** Every typed field empty: the defaults, and what a success resets the form to. */
  empty: Readonly<Record<string, string>>;
  /** Values that are not typed (the post a comment is on), kept through resets. */
  extra?: Partial<Input>;
}) {
  const typedEarly = useTypedBeforeHydration();
  const messages = useMessages();
  const blank = { ...empty, ...extra } as DefaultValues<Input>;
  const form = useForm<Input, unknown, Output>({
    resolver,
    defaultValues: { ...blank, ...pick(empty, typedEarly) },
    mode: "onSubmit",
    reValidateMode: "onBlur",
    // Focus moves to the first invalid field once, by `focusFirstInvalid` below: React Hook Form's own
    // shouldFocusError focuses it again a task later, which yanked a fast typist (or a paste) from a
    // field whose error their typing had just cleared into the next invalid one.
    shouldFocusError: false,
  });
  const { register, handleSubmit, reset, setError, setFocus, clearErrors } = form;

  const focusFirstInvalid = (invalid: Partial<Record<Field, unknown>>) => {
    const first = fields.find((field) => invalid[field]);
    if (first) setFocus(first);
  };

  return {
    errors: form.formState.errors,
    register,
    /** A field's input attributes: those tying it to its label and error, and its registration. */
    control: (name: Field, props: FieldControlProps) => ({
      ...props,
      ...(register(name, { onChange: () => clearErrors(name) }) as UseFormRegisterReturn<Field>),
    }),
    /**
     * The form's submit handler: `before` at once, then `valid` with the parsed values and the form
     * element (for inputs outside React's, such as the comment form's start time), or focus moves.
     */
    onSubmit:
      (before: () => void, valid: (values: Output, element: HTMLFormElement) => void) =>
      (event: FormEvent<HTMLFormElement>) => {
        before();
        const element = event.currentTarget;
        void handleSubmit(
          (values) => valid(values, element),
          (invalid) => focusFirstInvalid(invalid as Partial<Record<Field, unknown>>),
        )(event);
      },
    /** Empties the typed fields (after a success). */
    clear: () => reset(blank),
    /** Puts a refusal's field messages on their fields, in the page's language, focusing the first. */
    showServerErrors(error: unknown) {
      if (!(error instanceof ApiError)) return;
      const invalid = fields.filter((field) => error.fieldErrors[field]);
      invalid.forEach((field, index) =>
        setError(
          field,
          { type: "server", message: serverFieldText(error, field, messages) },
          { shouldFocus: index === 0 },
        ),
      );
    },
  };
}

/** The form's own fields out of the values typed before hydration. */
function pick(
  empty: Readonly<Record<string, string>>,
  typed: Readonly<Record<string, string>>,
): Record<string, string> {
  return Object.fromEntries(
    Object.keys(empty).flatMap((name) => (typed[name] ? [[name, typed[name]]] : [])),
  );
}
