import card from './IslandCard.module.css';

/** An error that belongs to one field of a form. */
export interface FieldError<Field extends string> {
  field: Field;
  text: string;
}

/**
 * A form's field error, as the sign-in card and the repay stepper show it: the message under its
 * field (id `${id}-${field}-error`), aria-invalid on the field and the message in its
 * aria-describedby, after the field's own descriptions.
 */
export function fieldErrors<Field extends string>(id: string, error: FieldError<Field> | null) {
  const errorId = (field: Field) => `${id}-${field}-error`;
  const textFor = (field: Field) => (error?.field === field ? error.text : null);
  return {
    /** aria-invalid and aria-describedby for the field; `descriptions` are the ids of its hints. */
    inputProps: (field: Field, ...descriptions: string[]) => {
      const invalid = Boolean(textFor(field));
      return {
        'aria-invalid': invalid ? true : undefined,
        'aria-describedby': [...descriptions, ...(invalid ? [errorId(field)] : [])].join(' ') || undefined,
      } as const;
    },
    /** The message under the field, or nothing; `className` adds to the card's error style. */
    message: (field: Field, options: { className?: string | undefined; role?: 'alert' | undefined } = {}) => {
      const text = textFor(field);
      return text ? (
        <p
          id={errorId(field)}
          className={options.className ? `${card.error} ${options.className}` : card.error}
          role={options.role}
        >
          {text}
        </p>
      ) : null;
    },
  };
}

export type FieldErrors<Field extends string> = ReturnType<typeof fieldErrors<Field>>;
