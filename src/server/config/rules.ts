/**
 * The checks between variables, each naming what to set. They run once every variable of their area reads,
 * so a value that does not read is named for that, not again as missing.
 */
import * as v from 'valibot';

type Area = Record<string, unknown>;
type Environment = { NODE_ENV: 'development' | 'test' | 'production' };

/** Names `name` with `message` when `broken` holds. */
export const rule = <T extends Area>(name: keyof T & string, message: string, broken: (e: T) => boolean) =>
  v.rawCheck<T>(({ dataset, addIssue }) => {
    if (!dataset.typed || !broken(dataset.value)) return;
    const input = dataset.value;
    addIssue({ message, path: [{ type: 'object', origin: 'value', input, key: name, value: input[name] }] });
  });

/** `name` must be set when `applies` holds, e.g. a gateway's address when the gateway is chosen. */
export const setWhen = <T extends Area>(name: keyof T & string, condition: string, applies: (e: T) => boolean) =>
  rule<T>(name, `must be set when ${condition}`, (e) => applies(e) && e[name] === undefined);

/** Variables that only work together: one line names them all. */
export const allSetWhen = <T extends Area>(
  names: (keyof T & string)[],
  condition: string,
  applies: (e: T) => boolean,
) =>
  v.rawCheck<T>(({ dataset, addIssue }) => {
    if (!dataset.typed || !applies(dataset.value)) return;
    const input = dataset.value;
    if (names.some((name) => input[name] === undefined))
      addIssue({ message: `${names.join(', ')}: must be set when ${condition}` });
  });

/** A gateway whose outbox stands in for it outside production only: production needs it set, and not to the outbox. */
export const gatewayInProduction = <T extends Area & Environment>(name: keyof T & string) =>
  [
    rule<T>(
      name,
      'must be set to http in production (the outbox exists only outside production)',
      (e) => e.NODE_ENV === 'production' && e[name] === undefined,
    ),
    rule<T>(
      name,
      'the outbox transport does not exist in production; configure http',
      (e) => e.NODE_ENV === 'production' && e[name] === 'outbox',
    ),
  ] as const;
