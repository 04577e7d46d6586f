import type { ReactNode, Ref, SelectHTMLAttributes } from 'react';
import { cn } from '../../../lib/cn';
import { selectClasses } from '../field';
import { FieldWrapper, splitFieldProps, type FieldWrapperProps } from './field-wrapper';

export interface SelectOption<V extends string = string> {
  value: V;
  label: ReactNode;
}

type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'className'> &
  FieldWrapperProps & {
    /** The choices; `children` may add more before them (e.g. an empty « Non précisé »). */
    options: readonly SelectOption[];
    /** Classes of the select itself (the wrapper takes `className`). */
    selectClassName?: string;
    ref?: Ref<HTMLSelectElement>;
  };

/** A labelled select with its hint and error, wired like Field (register it, or give it value and onChange). */
export function Select({ options, selectClassName, children, ref, ...props }: SelectProps) {
  const [wrapper, rest] = splitFieldProps(props);
  return (
    <FieldWrapper {...wrapper}>
      {(control) => (
        <select ref={ref} {...control} className={cn(selectClasses, selectClassName)} {...rest}>
          {children}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FieldWrapper>
  );
}

/** The options of a select from a list of values and their labels (a `Record<value, label>`). */
export function optionsOf<V extends string>(values: readonly V[], labels: Record<V, ReactNode>): SelectOption<V>[] {
  return values.map((value) => ({ value, label: labels[value] }));
}

/** A list's filter in its toolbar: a labelled select whose first option ('', `allLabel`) keeps every row. */
export function FilterSelect<V extends string>({
  value,
  options,
  allLabel,
  onChange,
  ...rest
}: Omit<SelectProps, 'value' | 'options' | 'onChange' | 'children'> & {
  value: V | '';
  options: readonly SelectOption<V>[];
  allLabel: string;
  onChange: (value: V | '') => void;
}) {
  return (
    <Select value={value} options={options} onChange={(event) => onChange(event.target.value as V | '')} {...rest}>
      <option value="">{allLabel}</option>
    </Select>
  );
}
