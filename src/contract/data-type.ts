// The type of the data the agent receives, worked out from a contract: its schema, then its projection.
import type { ZodType, output } from 'zod';
import type { ProjectionSpec } from '../project/projection.js';
import type { OutcomeJson } from '../taint/outcome-data.js';

type Unescape<S extends string> = S extends `${infer A}~1${infer B}`
  ? Unescape<`${A}/${B}`>
  : S extends `${infer A}~0${infer B}`
    ? Unescape<`${A}~${B}`>
    : S;

type Member<T, K extends string> = T extends readonly (infer E)[]
  ? K extends `${number}`
    ? E | undefined
    : undefined
  : T extends object
    ? K extends keyof T
      ? T[K]
      : undefined
    : undefined;

/** The type at a JSON pointer into `T` (`undefined` is added where the path may lead nowhere). */
export type AtPointer<T, P extends string> = P extends ''
  ? T
  : P extends `/${infer Head}/${infer Rest}`
    ? AtPointer<Member<NonNullable<T>, Unescape<Head>> | Extract<T, undefined>, `/${Rest}`>
    : P extends `/${infer Last}`
      ? Member<NonNullable<T>, Unescape<Last>> | Extract<T, undefined>
      : unknown;

type Field<T, Rule> = Rule extends string
  ? AtPointer<T, Rule>
  : Rule extends { readonly from: infer From extends string; readonly each: infer Each }
    ? NonNullable<AtPointer<T, From>> extends readonly (infer Item)[]
      ? Array<
          Each extends string
            ? AtPointer<Item, Each>
            : Each extends ProjectionSpec
              ? ProjectedData<Item, Each>
              : unknown
        >
      : never
    : unknown;

type RequiredFields<T, Spec> = {
  [K in keyof Spec as undefined extends Field<T, Spec[K]> ? never : K]: Field<T, Spec[K]>;
};
type OptionalFields<T, Spec> = {
  [K in keyof Spec as undefined extends Field<T, Spec[K]> ? K : never]?: Exclude<
    Field<T, Spec[K]>,
    undefined
  >;
};

/**
 * The object a projection builds from a value of type `T`: one field per rule, typed by its pointer; a field
 * whose pointer may resolve to nothing is optional (the projection leaves it out).
 */
export type ProjectedData<T, Spec> = RequiredFields<T, Spec> & OptionalFields<T, Spec> extends infer O
  ? { readonly [K in keyof O]: O[K] }
  : never;

/** The value a contract validates, as the gate returns it: its zod schema's output, the envelope's declared value, or JSON. */
export type ValueOf<C> = C extends { readonly schema: infer S }
  ? S extends ZodType
    ? output<S>
    : C extends { readonly __value?: infer V }
      ? unknown extends V
        ? OutcomeJson
        : V
      : OutcomeJson
  : OutcomeJson;

/** The data the agent receives from a tool defined by contract `C`. */
export type DataOf<C> = C extends { readonly project: infer P extends ProjectionSpec }
  ? ProjectedData<ValueOf<C>, P>
  : ValueOf<C>;
